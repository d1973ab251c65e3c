/**
 * The public catalog under the member site's traffic, on PostgreSQL: 1,000 sellers with 20
 * products each (files, images, descriptions of a real shop's length), visitors reading
 * creator pages and product pages of sellers chosen by a Zipf law and products by the same law
 * within each seller, on 64 connections, while the member site records purchases (200/s) and
 * product views (1,000/s, summed per product and sent in one batch a second). Anchors in the
 * same run:
 *
 * - pgbench running the statements the server sent on the wire for each read (captured through
 *   a proxy, bench/lib/pg-wire-capture.ts), prepared, with as many connections, the same ids
 *   drawn by the same laws, while the same writes reach the server;
 * - a bare Fastify hello-world, against which a 304 (a revalidation with the ETag last served)
 *   is weighed: server CPU per answer.
 *
 * Afterwards every view acknowledged is counted in the database.
 * `docs/performance.md` describes it.
 *
 *   npx tsx bench/scenarios/catalog.ts [--quick] [--details]
 */
import {
  check,
  flag,
  isMain,
  type Metric,
  type RunningServer,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  startServer,
} from '../lib/common.ts';
import { closedLoop, type LoadRequest, type Loop, openLoop, Recorder } from '../lib/http-load.ts';
import { type CapturedStatement, startWireCapture } from '../lib/pg-wire-capture.ts';
import {
  type PgbenchResult,
  type PgbenchScript,
  pgbenchAvailable,
  pgbenchRunSeconds,
  runPgbench,
  ScriptBuilder,
} from '../lib/pgbench.ts';
import {
  combineUsage,
  namedCpuSeconds,
  noUsage,
  type ProcessUsage,
  processCpuSeconds,
  processUsage,
} from '../lib/process-cpu.ts';
import { scratchDatabase, withClient } from '../lib/seed.ts';
import {
  memberSite,
  nicknameOf,
  productId,
  type ShopSize,
  seedShop,
  sellerId,
  timeZone,
  Zipf,
} from '../lib/shop.ts';
import { doneAt, pgbenchUntilDone, serverUntilDone, type Window } from '../lib/until-done.ts';

const connections = 64;
const internalSecret = `bench-internal-secret-${'x'.repeat(24)}`;
const rates = { purchases: 200, views: 1000 };
/** A visitor opens this many product pages for one creator page. */
const productPagesPerCreatorPage = 3;
/** The sellers whose pages the 304 slices revalidate: pages the server has just served. */
const remembered = { sellers: 5 };

type Page = 'creator page' | 'product page';
const pages: Page[] = ['creator page', 'product page'];

interface Sizes {
  shop: ShopSize;
  slice: number;
  rounds: number;
  warmup: number;
}

function sizes(quick: boolean): Sizes {
  return quick
    ? { shop: { sellers: 100, productsPerSeller: 20, sales: 0 }, slice: 1, rounds: 1, warmup: 1 }
    : { shop: { sellers: 1000, productsPerSeller: 20, sales: 0 }, slice: 2, rounds: 2, warmup: 3 };
}

const creatorPath = (rank: number) => `/api/public/sellers/${nicknameOf(rank)}`;
const productPath = (rank: number, index: number) =>
  `/api/public/sellers/${nicknameOf(rank)}/products/${productId(rank, index)}`;

/**
 * What a shop in business shows: a bio, descriptions of a few hundred characters, two files and
 * three images per product (the first one main).
 */
async function seedCatalog(databaseUrl: string): Promise<void> {
  const description =
    'A complete, printable guide with step-by-step lessons, worksheets and examples. '.repeat(4);
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `update sellers set bio = 'Maps, brushes and templates for creators. 서울과 상하이의 크리에이터를 위한 브러시와 템플릿.',
              avatar_url = '/storage/public/sellers/' || id || '/avatar.png'`,
    );
    await client.query(`update products set description = $1`, [description]);
    await client.query(
      `insert into product_files (product_id, storage_key, original_name, extension, content_type,
                                  size, position)
       select p.id, 'sellers/' || p.seller_id || '/' || gen_random_uuid() || '.pdf',
              'Lesson ' || (f + 1) || ' of ' || p.title || '.pdf', 'pdf', 'application/pdf',
              1048576 * (3 + f), f
       from products p, generate_series(0, 1) f`,
    );
    await client.query(
      `insert into product_thumbnails (product_id, storage_key, original_name, is_main, position)
       select p.id, 'sellers/' || p.seller_id || '/' || gen_random_uuid() || '.png',
              'image-' || (t + 1) || '.png', t = 0, t
       from products p, generate_series(0, 2) t`,
    );
    await client.query('vacuum (analyze) products, product_files, product_thumbnails, sellers');
  });
}

/**
 * Visitors: a creator page of a seller drawn by the Zipf law, then product pages of that
 * seller, each drawn by the same law among the seller's products. With `only`, every request is
 * that page. `sellers` limits the draw to the first ranks.
 */
function visits(size: ShopSize, only?: Page, sellers = size.sellers): () => LoadRequest {
  const sellerLaw = new Zipf(sellers);
  const productLaw = new Zipf(size.productsPerSeller);
  const requests = new Map<string, LoadRequest>();
  const request = (label: Page, path: string, headers?: Record<string, string>) => {
    let made = requests.get(path);
    if (!made) {
      made = { label, method: 'GET', path, ...(headers ? { headers } : {}) };
      requests.set(path, made);
    }
    return made;
  };
  const creator = (rank: number) => request('creator page', creatorPath(rank));
  const product = (rank: number) =>
    request('product page', productPath(rank, productLaw.next() - 1));
  if (only === 'creator page') return () => creator(sellerLaw.next());
  if (only === 'product page') return () => product(sellerLaw.next());
  let rank = 1;
  let step = 0;
  return () => {
    if (step === 0) rank = sellerLaw.next();
    const next = step === 0 ? creator(rank) : product(rank);
    step = (step + 1) % (productPagesPerCreatorPage + 1);
    return next;
  };
}

/** The same visits as revalidations, each with the ETag its page was last answered with. */
function revalidations(
  size: ShopSize,
  etags: ReadonlyMap<string, string>,
  sellers: number,
): () => LoadRequest {
  const next = visits(size, undefined, sellers);
  const conditional = new Map<LoadRequest, LoadRequest>();
  return () => {
    const plain = next();
    let request = conditional.get(plain);
    if (!request) {
      const etag = etags.get(plain.path);
      if (!etag) throw new Error(`no ETag for ${plain.path}`);
      request = { ...plain, headers: { 'if-none-match': etag } };
      conditional.set(plain, request);
    }
    return request;
  };
}

/** The ETag of every page of the first `sellers` ranks, read with a few connections. */
async function currentEtags(base: string, size: ShopSize, sellers: number) {
  const paths: string[] = [];
  for (let rank = 1; rank <= sellers; rank++) {
    paths.push(creatorPath(rank));
    for (let index = 0; index < size.productsPerSeller; index++) {
      paths.push(productPath(rank, index));
    }
  }
  const etags = new Map<string, string>();
  const worker = async () => {
    for (let path = paths.pop(); path; path = paths.pop()) {
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      const etag = response.headers.get('etag');
      if (response.status !== 200 || !etag) throw new Error(`${path}: ${response.status}`);
      etags.set(path, etag);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return etags;
}

/** What the server sends PostgreSQL for each page: the second of two calls (statements prepared). */
async function captureStatements(
  databaseUrl: string,
  dataDir: string,
): Promise<Record<Page, CapturedStatement[]>> {
  const target = new URL(databaseUrl);
  const proxy = await startWireCapture({ host: target.hostname, port: Number(target.port) });
  const viaProxy = new URL(databaseUrl);
  viaProxy.port = String(proxy.port);
  const server = await startServer({
    dataDir,
    databaseUrl: viaProxy.toString(),
    env: { JOB_WORKER: 'off' },
    quiet: true,
  });
  try {
    const captured = {} as Record<Page, CapturedStatement[]>;
    for (const [page, path] of [
      ['creator page', creatorPath(1)],
      ['product page', productPath(1, 0)],
    ] as const) {
      for (let call = 0; call < 2; call++) {
        proxy.take();
        const response = await fetch(`${server.base}${path}`);
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
      captured[page] = proxy.take();
    }
    return captured;
  } finally {
    await server.stop();
    await proxy.close();
  }
}

interface Measured {
  recorder: Recorder;
  usage: ProcessUsage;
  /** PostgreSQL's CPU seconds meanwhile (every `postgres` process). */
  postgresSeconds: number;
  /** This process's: the load generator's. */
  loadSeconds: number;
  /** When each slice ran. */
  windows: Window[];
}

const emptyMeasure = (): Measured => ({
  recorder: new Recorder(),
  usage: noUsage,
  postgresSeconds: 0,
  loadSeconds: 0,
  windows: [],
});

/** Runs `loops` for `seconds` and adds what they answered and what it cost to `into`. */
async function measure(
  server: RunningServer,
  seconds: number,
  into: Measured,
  loops: (recorder: Recorder) => Loop[],
): Promise<void> {
  const recorder = new Recorder();
  const before = processUsage(server.pid);
  const postgresBefore = namedCpuSeconds('postgres');
  const loadBefore = processCpuSeconds(process.pid);
  const from = performance.now();
  into.windows.push({ from, to: from + seconds * 1000 });
  await Promise.all(loops(recorder).map((loop) => loop.done));
  recorder.seconds = seconds;
  into.recorder.merge(recorder);
  into.usage = combineUsage(into.usage, combineUsage(processUsage(server.pid), before, -1));
  into.postgresSeconds += namedCpuSeconds('postgres') - postgresBefore;
  into.loadSeconds += processCpuSeconds(process.pid) - loadBefore;
}

/** A page alone against pgbench running its statement, and PostgreSQL's CPU under each. */
interface Alone {
  measured: Measured;
  pgbench: PgbenchResult[];
  /** PostgreSQL's CPU seconds while pgbench ran. */
  postgresUnderPgbench: number;
}

const cpuSeconds = (usage: ProcessUsage) => usage.userSeconds + usage.systemSeconds;
const µs = (seconds: number, requests: number) =>
  requests > 0 ? round((seconds * 1e6) / requests, 0) : 0;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export async function catalogScenario({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  if (!(await pgbenchAvailable())) {
    throw new Error('pgbench is needed (Debian: apt-get install postgresql-client)');
  }
  const size = sizes(quick);
  const { shop } = size;
  const began = performance.now();
  const step = (message: string) =>
    console.log(`  ${round((performance.now() - began) / 1000, 1)} s: ${message}`);
  const scratch = await scratchDatabase('catalog');
  try {
    step('seeding');
    await seedShop(scratch.databaseUrl, shop);
    await seedCatalog(scratch.databaseUrl);
    step('capturing the statements');
    const captured = await captureStatements(scratch.databaseUrl, scratch.dataDir);
    const builder = new ScriptBuilder(shop.sellers, shop.productsPerSeller, 1, 'zipfian');
    const keys = { sellerId: sellerId(1), nickname: nicknameOf(1), productId: productId(1, 0) };
    const scripts: Record<Page, PgbenchScript> = {
      'creator page': builder.script('creator page', 1, captured['creator page'], keys),
      'product page': builder.script(
        'product page',
        productPagesPerCreatorPage,
        captured['product page'],
        keys,
      ),
    };
    const pgbench = (list: PgbenchScript[], seconds: number) =>
      runPgbench({
        databaseUrl: scratch.databaseUrl,
        scripts: list,
        defines: builder.defines(),
        clients: connections,
        seconds,
      });

    const hello = await startServer({
      script: 'bench/servers/hello-world.ts',
      readyPath: '/',
      quiet: true,
    });
    const server = await startServer({
      dataDir: scratch.dataDir,
      databaseUrl: scratch.databaseUrl,
      env: { INTERNAL_API_SECRET: internalSecret, TIME_ZONE: timeZone },
    });
    try {
      const site = memberSite(internalSecret, shop);
      const writes = (recorder: Recorder, seconds: number): Loop[] => [
        openLoop({
          base: server.base,
          seconds,
          recorder,
          perSecond: rates.purchases,
          next: site.purchases(),
        }),
        openLoop({
          base: server.base,
          seconds,
          recorder,
          perSecond: 1,
          next: site.viewBatches(rates.views),
        }),
      ];
      const reads = (recorder: Recorder, seconds: number, next = visits(shop)) =>
        closedLoop({ base: server.base, connections, seconds, recorder, next });

      step('warm-up');
      await measure(server, size.warmup, emptyMeasure(), (recorder) => [
        reads(recorder, size.warmup),
        ...writes(recorder, size.warmup),
      ]);

      // 1. The reads with the writes flowing, alternating with pgbench running the reads'
      //    statements while the same writes reach the server; then each page alone.
      step('reads with writes flowing, pgbench the same statements');
      const mixed = emptyMeasure();
      const anchor: PgbenchResult[] = [];
      const writesDuringAnchor = new Recorder();
      for (let round = 0; round < size.rounds; round++) {
        const steps = [
          () =>
            measure(server, size.slice, mixed, (recorder) => [
              reads(recorder, size.slice),
              ...writes(recorder, size.slice),
            ]),
          async () => {
            const recorder = new Recorder();
            const [result] = await Promise.all([
              pgbench(Object.values(scripts), size.slice),
              ...writes(recorder, pgbenchRunSeconds(size.slice)).map((loop) => loop.done),
            ]);
            recorder.seconds = pgbenchRunSeconds(size.slice);
            writesDuringAnchor.merge(recorder);
            anchor.push(result);
          },
        ];
        for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
      }
      const alone = {} as Record<Page, Alone>;
      for (const page of pages) {
        step(`${page} alone, pgbench its statement`);
        const entry: Alone = { measured: emptyMeasure(), pgbench: [], postgresUnderPgbench: 0 };
        alone[page] = entry;
        for (let round = 0; round < size.rounds; round++) {
          const steps = [
            () =>
              measure(server, size.slice, entry.measured, (recorder) => [
                reads(recorder, size.slice, visits(shop, page)),
              ]),
            async () => {
              const result = await pgbench([scripts[page]], size.slice);
              entry.pgbench.push(result);
              entry.postgresUnderPgbench += result.postgresSeconds;
            },
          ];
          for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
        }
      }

      // 2. Revalidations answered 304, against hello-world: first the pages of the busiest
      //    sellers (served within the ETag memory), then every page by the Zipf law.
      step('304: revalidations, hello-world');
      const etags = await currentEtags(server.base, shop, remembered.sellers);
      const notModified = emptyMeasure();
      const helloWorld = emptyMeasure();
      const helloRequest: LoadRequest = { label: 'hello', method: 'GET', path: '/' };
      for (let round = 0; round < size.rounds; round++) {
        const steps = [
          () =>
            measure(server, size.slice, notModified, (recorder) => [
              reads(recorder, size.slice, revalidations(shop, etags, remembered.sellers)),
            ]),
          () =>
            measure(hello, size.slice, helloWorld, (recorder) => [
              closedLoop({
                base: hello.base,
                connections,
                seconds: size.slice,
                recorder,
                next: () => helloRequest,
              }),
            ]),
        ];
        for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
      }
      step('304: every page by the Zipf law');
      const everyEtag = await currentEtags(server.base, shop, shop.sellers);
      const everyPage = emptyMeasure();
      await measure(server, size.slice, everyPage, (recorder) => [
        reads(recorder, size.slice, revalidations(shop, everyEtag, shop.sellers)),
      ]);

      step('counting the views');
      const storedViews = await withClient(scratch.databaseUrl, async (client) => {
        const { rows } = await client.query<{ views: string }>(
          'select coalesce(sum(view_count), 0) as views from products',
        );
        return Number(rows[0]?.views ?? 0);
      });

      return report({
        quick,
        shop,
        mixed,
        anchor,
        writesDuringAnchor,
        alone,
        notModified,
        helloWorld,
        everyPage,
        views: { ...site.batchedViews, stored: storedViews },
        captured,
        scripts,
      });
    } finally {
      await server.stop();
      await hello.stop();
    }
  } finally {
    await scratch.remove();
  }
}

function report(run: {
  quick: boolean;
  shop: ShopSize;
  mixed: Measured;
  anchor: PgbenchResult[];
  writesDuringAnchor: Recorder;
  alone: Record<Page, Alone>;
  notModified: Measured;
  helloWorld: Measured;
  everyPage: Measured;
  views: {
    sent: number;
    acknowledged: number;
    items: number;
    accepted: number;
    unknown: number;
    stored: number;
  };
  captured: Record<Page, CapturedStatement[]>;
  scripts: Record<Page, PgbenchScript>;
}): ScenarioResult {
  const target = (value: number, comparator: '<' | '≤' | '≥', limit: number) =>
    run.quick ? {} : check(value, comparator, limit);
  const meanTps = (results: PgbenchResult[]) =>
    results.length > 0 ? round(sum(results.map((result) => result.tps)) / results.length, 0) : 0;
  const metrics: Metric[] = [];

  // The reads with writes flowing.
  const mixed = run.mixed.recorder;
  const reads = mixed.figures(pages);
  const anchorTps = meanTps(run.anchor);
  // Each side timed from each window's start until the writes sent in it were answered.
  const writeLabels = mixed.labels().filter((label) => !(pages as string[]).includes(label));
  const readsUntilDone = serverUntilDone(mixed, pages, run.mixed.windows, (window) =>
    doneAt(mixed, writeLabels, window),
  );
  const anchorUntilDone = pgbenchUntilDone(run.anchor, (window) =>
    doneAt(run.writesDuringAnchor, writeLabels, window),
  );
  const ratio =
    anchorUntilDone.perSecond > 0 ? round(readsUntilDone.perSecond / anchorUntilDone.perSecond) : 0;
  const windowRatio = anchorTps > 0 ? round(reads.perSecond / anchorTps) : 0;
  metrics.push(
    { name: 'reads req/s (writes flowing)', value: reads.perSecond, unit: 'req/s' },
    { name: 'pgbench, the same statements, TPS (same writes)', value: anchorTps, unit: 'tps' },
    { name: 'reads ÷ pgbench, windows alone', value: windowRatio, unit: '×' },
    {
      name: 'writes done, s after the windows (the latest)',
      value: readsUntilDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: "the same writes done, s after pgbench's windows (the latest)",
      value: anchorUntilDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: 'reads req/s until the writes were done',
      value: readsUntilDone.perSecond,
      unit: 'req/s',
    },
    {
      name: 'pgbench, TPS until the same writes were done',
      value: anchorUntilDone.perSecond,
      unit: 'tps',
    },
    { name: 'reads ÷ pgbench', value: ratio, unit: '×', ...target(ratio, '≥', 0.5) },
    { name: 'reads p99', value: reads.p99, unit: 'ms' },
    {
      name: 'server CPU per read (writes included)',
      value: µs(cpuSeconds(run.mixed.usage), mixed.count()),
      unit: 'µs',
    },
    {
      name: 'PostgreSQL CPU per read (writes included)',
      value: µs(run.mixed.postgresSeconds, reads.count),
      unit: 'µs',
    },
    { name: 'read errors', value: reads.errors, unit: '', ...target(reads.errors, '≤', 0) },
  );
  for (const page of pages) {
    const figures = mixed.figures(page);
    metrics.push(
      { name: `${page} req/s`, value: figures.perSecond, unit: 'req/s' },
      { name: `${page} p50`, value: figures.p50, unit: 'ms' },
      { name: `${page} p99`, value: figures.p99, unit: 'ms' },
    );
  }
  for (const label of ['purchase', 'purchase (replay)', 'view batch']) {
    const figures = mixed.figures(label);
    metrics.push(
      { name: `${label} p99`, value: figures.p99, unit: 'ms' },
      {
        name: `${label} errors`,
        value: figures.errors,
        unit: '',
        ...target(figures.errors, '≤', 0),
      },
    );
  }

  // Each page alone.
  for (const page of pages) {
    const { measured, pgbench, postgresUnderPgbench } = run.alone[page];
    const figures = measured.recorder.figures(page);
    const tps = meanTps(pgbench);
    metrics.push(
      { name: `${page} alone req/s`, value: figures.perSecond, unit: 'req/s' },
      { name: `${page} alone, pgbench its statement, TPS`, value: tps, unit: 'tps' },
      {
        name: `${page} alone ÷ pgbench`,
        value: tps > 0 ? round(figures.perSecond / tps) : 0,
        unit: '×',
      },
      {
        name: `${page} alone, server CPU per request`,
        value: µs(cpuSeconds(measured.usage), figures.count),
        unit: 'µs',
      },
      {
        name: `${page} alone, PostgreSQL CPU per request`,
        value: µs(measured.postgresSeconds, figures.count),
        unit: 'µs',
      },
      {
        name: `${page} alone, load generator CPU per request`,
        value: µs(measured.loadSeconds, figures.count),
        unit: 'µs',
      },
      {
        name: `${page} pgbench: PostgreSQL CPU per transaction`,
        value: µs(postgresUnderPgbench, sum(pgbench.map((result) => result.transactions))),
        unit: 'µs',
      },
    );
  }

  // 304s against hello-world.
  const answered304 = (measured: Measured) => {
    const figures = measured.recorder.figures(pages);
    const hits = figures.statuses['304'] ?? 0;
    return { figures, hits, others: figures.count - hits };
  };
  const remembered304 = answered304(run.notModified);
  const hello = run.helloWorld.recorder.figures('hello');
  const cpu304 = µs(cpuSeconds(run.notModified.usage), remembered304.figures.count);
  const cpuHello = µs(cpuSeconds(run.helloWorld.usage), hello.count);
  const costRatio = cpuHello > 0 ? round(cpu304 / cpuHello) : 0;
  const every304 = answered304(run.everyPage);
  metrics.push(
    {
      name: '304 req/s (pages just served)',
      value: remembered304.figures.perSecond,
      unit: 'req/s',
    },
    { name: 'hello-world req/s (its slices)', value: hello.perSecond, unit: 'req/s' },
    { name: '304 server CPU per answer', value: cpu304, unit: 'µs' },
    { name: 'hello-world server CPU per answer', value: cpuHello, unit: 'µs' },
    {
      name: '304 CPU ÷ hello-world CPU',
      value: costRatio,
      unit: '×',
      ...target(costRatio, '≤', 2),
    },
    {
      name: 'hello-world req/s ÷ 304 req/s',
      value:
        remembered304.figures.perSecond > 0
          ? round(hello.perSecond / remembered304.figures.perSecond)
          : 0,
      unit: '×',
    },
    {
      name: '304: answers other than 304',
      value: remembered304.others,
      unit: '',
      ...target(remembered304.others, '≤', 0),
    },
    {
      name: '304 req/s (every page by the Zipf law)',
      value: every304.figures.perSecond,
      unit: 'req/s',
    },
    {
      name: '304 server CPU per answer (every page by the Zipf law)',
      value: µs(cpuSeconds(run.everyPage.usage), every304.figures.count),
      unit: 'µs',
    },
    {
      name: '304 PostgreSQL CPU per answer (every page by the Zipf law)',
      value: µs(run.everyPage.postgresSeconds, every304.figures.count),
      unit: 'µs',
    },
  );

  // Every view acknowledged is stored once.
  const viewsMissing = Math.abs(run.views.stored - run.views.acknowledged);
  metrics.push(
    { name: 'views acknowledged (in batches)', value: run.views.acknowledged, unit: '' },
    {
      name: 'views lost or counted twice',
      value: viewsMissing,
      unit: '',
      ...check(viewsMissing, '≤', 0),
    },
  );

  const statements = (list: CapturedStatement[]) =>
    list.map(({ text, name, parsed }) => ({ text, name, parsed }));
  return {
    scenario: `catalog (PostgreSQL, ${run.shop.sellers.toLocaleString('en')} sellers × ${run.shop.productsPerSeller} products, ${connections} connections)`,
    metrics,
    details: {
      mixed: Object.fromEntries(mixed.labels().map((label) => [label, mixed.figures(label)])),
      anchor: run.anchor,
      writesDuringAnchor: Object.fromEntries(
        run.writesDuringAnchor
          .labels()
          .map((label) => [label, run.writesDuringAnchor.figures(label)]),
      ),
      alone: Object.fromEntries(
        pages.map((page) => [
          page,
          {
            http: run.alone[page].measured.recorder.figures(page),
            pgbench: run.alone[page].pgbench,
          },
        ]),
      ),
      notModified: remembered304.figures,
      everyPage: every304.figures,
      hello,
      views: run.views,
      statements: {
        'creator page': statements(run.captured['creator page']),
        'product page': statements(run.captured['product page']),
      },
      pgbenchScripts: Object.fromEntries(
        Object.entries(run.scripts).map(([name, script]) => [name, script.text]),
      ),
    },
  };
}

if (isMain(import.meta.filename)) {
  const { runAlone } = await import('../lib/harness.ts');
  await runAlone('catalog', catalogScenario, { quick: flag('quick') }, flag('details'));
}
