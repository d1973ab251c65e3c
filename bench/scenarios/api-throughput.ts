/**
 * Throughput on PostgreSQL under the traffic a marketplace makes (bench/lib/shop.ts): 1,000
 * sellers with 20 products each and 1,000,000 sales with a long tail; 64 connections reading
 * what page loads of the dashboard, /products and /sales ask for, sellers chosen by a Zipf law,
 * each with their own token; meanwhile the member site's signed purchases (200 calls/s, with
 * the buyer's fields and source; one in five redeems the seller's discount code first and
 * then buys with it), refunds and chargebacks of seeded sales (20/s) and product views
 * (1,000/s with their sources, campaigns and countries, summed per product, source, campaign
 * and country and sent in one batch a second), a flash sale on one seller, and the operator's
 * payout run (a payout a second to sellers with a balance). Anchors in the same run:
 *
 * - pgbench running the statements the server sent on the wire for each call (captured through
 *   a proxy, bench/lib/pg-wire-capture.ts), prepared, with as many connections, on the same data:
 *   the database's own limit for those reads, and for the purchase and refund transactions;
 * - a bare Fastify hello-world, the limit of the HTTP stack on this machine.
 *
 * Phases: each target endpoint alone, in slices alternating with pgbench running its
 * statements and with hello-world (ratios and server CPU per request); the mixed workload (every
 * read and write figure); pgbench running the read mix for as long while the same writes flow,
 * the payouts and the flash sale included; ingest
 * (purchases, two in ten after a redeem, and refunds in the mixed workload's proportion, one
 * to ten) at full speed while reads arrive steadily (half the mixed rate) and views at
 * 1,000/s, alternating with pgbench running the purchase, redeem-and-purchase and refund
 * transactions in the same proportion under the same reads and views; ingest with product
 * views on and off. Afterwards the purchases, refunds and payouts are counted in the database
 * (none lost, none twice), the rollups checked against the sales less their refunds, each
 * discount's uses against its sales and held uses, the views stored against those
 * acknowledged, and every seller's ledger sum against the balance the API answers and the
 * rollups less the payouts.
 * `docs/performance.md` describes it.
 *
 *   npx tsx bench/scenarios/api-throughput.ts [--quick] [--mixed-seconds 15] [--profile] [--details]
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import {
  check,
  flag,
  isMain,
  type Metric,
  option,
  percentile,
  type RunningServer,
  resultsDir,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  sourceServerNodeFlags,
  startServer,
} from '../lib/common.ts';
import { closedLoop, type LoadRequest, type Loop, openLoop, Recorder } from '../lib/http-load.ts';
import { type CapturedStatement, startWireCapture } from '../lib/pg-wire-capture.ts';
import {
  type CaptureKeys,
  type PgbenchResult,
  type PgbenchScript,
  pgbenchAvailable,
  pgbenchRunSeconds,
  pgbenchWarmupSeconds,
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
import { benchJwtSecret, scratchDatabase, withClient } from '../lib/seed.ts';
import {
  buyers,
  discountCode,
  discountCodeId,
  discountId,
  type MemberSite,
  memberSite,
  productId,
  type ReadCall,
  readCalls,
  readShares,
  readStream,
  type ShopSize,
  seededOrderId,
  seedShop,
  sellerId,
  sellerIdSql,
  sellerTokens,
  signature,
  smallestSeller,
  timeZone,
} from '../lib/shop.ts';
import {
  answeredPerSecond,
  doneAt,
  pgbenchUntilDone,
  pgbenchWindow,
  serverUntilDone,
  type Window,
} from '../lib/until-done.ts';
import { summarise } from '../profile-summary.ts';

export const connections = 64;
/** Connections of the member site when it sends purchases as fast as they are answered. */
const ingestConnections = 16;
const internalSecret = `bench-internal-secret-${'x'.repeat(24)}`;
/** The buyer of the captured purchases: pgbench replaces it by one of the member site's buyers. */
const captureEmail = 'capture@example.com';
/** The reads with a target. */
const targetCalls: ReadCall[] = [
  'my-products',
  'stats/sales',
  'stats/sales/daily',
  'sales/transactions',
];
const rates = { purchases: 200, refunds: 20, views: 1000, flashSale: 500, payouts: 1 };
/** Purchases per refund in the ingest and its pgbench anchor: the mixed workload's proportion. */
const purchasesPerRefund = rates.purchases / rates.refunds;
/** One purchase in this many redeems the seller's code first (`memberSite`). */
const purchasesPerDiscount = 5;
/** What the ingest sends; its rate counts them all (replays aside), the redeems too. */
const ingestLabels = ['ingest purchase', 'ingest purchase: code redeem', 'ingest refund'];
/** Member-site calls each pgbench script stands for (a discounted purchase: redeem, purchase). */
const callsPerScript: Record<string, number> = { purchase: 1, 'discounted purchase': 2, refund: 1 };

/**
 * Runs `work` while measuring what the server spends: its CPU (µs per request answered), and
 * its system calls and preemptions.
 */
async function withCpu<T>(
  server: RunningServer,
  work: () => Promise<T>,
): Promise<{ result: T; usage: ProcessUsage }> {
  const before = processUsage(server.pid);
  const result = await work();
  return { result, usage: combineUsage(processUsage(server.pid), before, -1) };
}

/** A measurement made of slices: the answers, and the server's CPU and what else it did. */
interface Measured {
  recorder: Recorder;
  usage: ProcessUsage;
}

/**
 * The mixed workload: the answers to what was sent after its warm-up, the server's CPU over
 * the whole phase and every answer of the whole phase.
 */
interface Mix extends Measured {
  whole: Recorder;
  /** The measured window: after the warm-up. */
  window: Window;
}

const cpuSeconds = (usage: ProcessUsage) => usage.userSeconds + usage.systemSeconds;

/** An endpoint alone against pgbench running its statements, and what PostgreSQL spent on each. */
interface Alone extends Measured {
  pgbench: PgbenchResult[];
  /** PostgreSQL's CPU seconds (every `postgres` process) while the server was measured. */
  postgresSeconds: number;
  /** The same while pgbench ran the endpoint's statements. */
  postgresSecondsUnderPgbench: number;
  /** This process's CPU seconds while the server was measured: the load generator's. */
  loadSeconds: number;
  /** pgbench's own CPU seconds (its client threads) within its measured windows. */
  pgbenchSeconds: number;
}

interface Sizes {
  shop: ShopSize;
  slice: number;
  rounds: number;
  mixed: number;
  warmup: number;
  flash: number;
}

function sizes(quick: boolean): Sizes {
  return quick
    ? {
        shop: { sellers: 100, productsPerSeller: 20, sales: 50_000 },
        slice: 1,
        rounds: 1,
        mixed: Number(option('mixed-seconds') ?? 3),
        warmup: 1,
        flash: 1,
      }
    : {
        shop: { sellers: 1000, productsPerSeller: 20, sales: 1_000_000 },
        slice: 2,
        rounds: 2,
        mixed: Number(option('mixed-seconds') ?? 15),
        warmup: 3,
        flash: 3,
      };
}

interface Captured {
  reads: Record<ReadCall, CapturedStatement[]>;
  purchase: CapturedStatement[];
  /** The redeem of the seller's code, then the purchase with it, for one order. */
  discountedPurchase: CapturedStatement[];
  refund: CapturedStatement[];
  keys: CaptureKeys;
  /** The order id of the captured discounted purchase (the keys' `orderId` is the plain one's). */
  discountedOrderId: string;
}

/**
 * What the server sends to PostgreSQL for each call, read on the wire: a copy of the server
 * (same settings) behind the capture proxy makes each call twice, and the second time (prepared
 * statements already parsed, token version already cached) is kept.
 */
async function captureStatements(
  databaseUrl: string,
  dataDir: string,
  tokens: string[],
  env: Record<string, string>,
): Promise<Captured> {
  const target = new URL(databaseUrl);
  const proxy = await startWireCapture({ host: target.hostname, port: Number(target.port) });
  const viaProxy = new URL(databaseUrl);
  viaProxy.port = String(proxy.port);
  const server = await startServer({
    dataDir,
    databaseUrl: viaProxy.toString(),
    // Without the job worker: only what the requests themselves send is captured.
    env: { JWT_SECRET: benchJwtSecret, ...env, JOB_WORKER: 'off' },
    quiet: true,
  });
  try {
    const rank = 1;
    const call = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${server.base}${path}`, init);
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    const reads = {} as Captured['reads'];
    const auth = { authorization: `Bearer ${tokens[rank]}` };
    for (const [name, path] of Object.entries(readCalls) as [ReadCall, string][]) {
      await call(path, { headers: auth });
      proxy.take();
      await call(path, { headers: auth });
      reads[name] = proxy.take();
    }
    const signedPost = (path: string, value: unknown) => {
      const body = JSON.stringify(value);
      return call(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': signature(internalSecret, body),
        },
        body,
      });
    };
    // A purchase as the member site sends them: the buyer's fields and where they came from.
    const order = (orderId: string) => ({
      orderId,
      productId: productId(rank, 0),
      customerEmail: captureEmail,
      paymentMethod: 'card',
      amount: 15000,
      buyerName: 'Capture Buyer',
      buyerCountry: 'KR',
      buyerLocale: 'ko',
      marketingConsent: true,
      source: 'm.naver.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring_sale',
    });
    const purchase = (orderId: string) => signedPost('/api/internal/purchases', order(orderId));
    await purchase('capture-1');
    proxy.take();
    await purchase('capture-2');
    const purchaseStatements = proxy.take();
    // The same with the seller's code: its redeem (10 % off 15,000), then the purchase.
    const discountedPurchase = async (orderId: string) => {
      await signedPost('/api/internal/discounts/redeem', {
        orderId,
        productId: productId(rank, 0),
        code: discountCode,
        amount: 15000,
      });
      await signedPost('/api/internal/purchases', {
        ...order(orderId),
        amount: 13500,
        listAmount: 15000,
        discountCode,
      });
    };
    await discountedPurchase('capture-d1');
    proxy.take();
    await discountedPurchase('capture-d2');
    const discountedStatements = proxy.take();
    // A refund of a few won of a seeded sale, as the ingest makes them.
    const refund = (refundId: string, g: number) => {
      const body = JSON.stringify({
        refundId,
        orderId: seededOrderId(rank, g),
        amount: 5,
        kind: 'refund',
      });
      return call('/api/internal/refunds', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': signature(internalSecret, body),
        },
        body,
      });
    };
    await refund('capture-refund-1', 1);
    proxy.take();
    await refund('capture-refund-2', 2);
    const refundStatements = proxy.take();
    const refundedSaleId = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'select id from sales where order_id = $1',
        [seededOrderId(rank, 2)],
      );
      return rows[0]?.id;
    });
    return {
      reads,
      purchase: purchaseStatements,
      discountedPurchase: discountedStatements,
      refund: refundStatements,
      keys: {
        sellerId: sellerId(rank),
        productId: productId(rank, 0),
        orderId: 'capture-2',
        refundId: 'capture-refund-2',
        refundedOrderId: seededOrderId(rank, 2),
        ...(refundedSaleId ? { refundedSaleId } : {}),
        customerEmail: captureEmail,
        discountId: discountId(rank),
        discountCodeId: discountCodeId(rank),
      },
      discountedOrderId: 'capture-d2',
    };
  } finally {
    await server.stop();
    await proxy.close();
  }
}

export async function apiThroughput({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  if (!(await pgbenchAvailable())) {
    throw new Error('pgbench is needed (Debian: apt-get install postgresql-client)');
  }
  const size = sizes(quick);
  const { shop } = size;
  const began = performance.now();
  const step = (message: string) =>
    console.log(`  ${round((performance.now() - began) / 1000, 1)} s: ${message}`);
  const scratch = await scratchDatabase('api');
  try {
    step('seeding');
    const seedSeconds = await seedShop(scratch.databaseUrl, shop);
    step(`seeded: ${JSON.stringify(seedSeconds)}`);
    const tokens = await sellerTokens(scratch.databaseUrl, shop.sellers);
    const env = { INTERNAL_API_SECRET: internalSecret, TIME_ZONE: timeZone };
    step('capturing the statements');
    const captured = await captureStatements(scratch.databaseUrl, scratch.dataDir, tokens, env);
    const builder = new ScriptBuilder(
      shop.sellers,
      shop.productsPerSeller,
      smallestSeller(shop),
      'uniform',
      buyers,
    );
    const readScripts = {} as Record<ReadCall, PgbenchScript>;
    const shares = readShares();
    for (const name of Object.keys(readCalls) as ReadCall[]) {
      readScripts[name] = builder.script(
        name,
        Math.round(shares[name] * 1000),
        captured.reads[name],
        captured.keys,
      );
    }
    // Ten purchases a refund, two of the ten with the seller's code: the ingest's proportions.
    const discountedPerRefund = purchasesPerRefund / purchasesPerDiscount;
    const purchaseScript = builder.script(
      'purchase',
      purchasesPerRefund - discountedPerRefund,
      captured.purchase,
      captured.keys,
    );
    const discountedScript = builder.script(
      'discounted purchase',
      discountedPerRefund,
      captured.discountedPurchase,
      { ...captured.keys, orderId: captured.discountedOrderId },
    );
    const refundScript = builder.script('refund', 1, captured.refund, captured.keys);
    const pgbench = (scripts: PgbenchScript[], clients: number, seconds: number) =>
      runPgbench({
        databaseUrl: scratch.databaseUrl,
        scripts,
        defines: builder.defines(),
        clients,
        seconds,
      });

    const hello = await startServer({
      script: 'bench/servers/hello-world.ts',
      readyPath: '/',
      quiet: true,
    });
    const oneQuery = await startServer({
      script: 'bench/servers/one-query.ts',
      databaseUrl: scratch.databaseUrl,
      readyPath: '/',
      quiet: true,
    });
    // --profile: the server runs under V8's CPU profiler; its profile is summarised at the end
    // (the whole file stays in bench/results/profiles for Chrome's DevTools).
    const profileDir = flag('profile')
      ? path.join(resultsDir, 'profiles', new Date().toISOString().replace(/[:.]/g, '-'))
      : undefined;
    const server = await startServer({
      dataDir: scratch.dataDir,
      databaseUrl: scratch.databaseUrl,
      env: { JWT_SECRET: benchJwtSecret, ...env },
      ...(profileDir
        ? { flags: ['--cpu-prof', '--cpu-prof-dir', profileDir, ...sourceServerNodeFlags] }
        : {}),
    });
    let result: ScenarioResult;
    try {
      const site = memberSite(internalSecret, shop);
      const helloRequest: LoadRequest = { label: 'hello', method: 'GET', path: '/' };
      const reads = readStream(tokens);
      const phase = async (seconds: number, loops: (recorder: Recorder) => Loop[]) => {
        const recorder = new Recorder();
        const { usage } = await withCpu(server, () =>
          Promise.all(loops(recorder).map((loop) => loop.done)),
        );
        recorder.seconds = seconds;
        return { recorder, usage };
      };
      const readLoop = (recorder: Recorder, seconds: number, next = reads) =>
        closedLoop({ base: server.base, connections, seconds, recorder, next });
      const writeLoops = (recorder: Recorder, seconds: number) => [
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
          perSecond: rates.refunds,
          next: site.refunds(),
        }),
        // The member site's views, the batched way: a second's views summed per product, one
        // call a second.
        openLoop({
          base: server.base,
          seconds,
          recorder,
          perSecond: 1,
          next: site.viewBatches(rates.views),
        }),
      ];
      /** Purchases and, one in `purchasesPerRefund + 1`, a refund of a few won: the ingest. */
      const ingestCalls = () => {
        const purchases = site.purchases('ingest purchase');
        const refunds = site.smallRefunds('ingest refund');
        let n = 0;
        return () => (++n % (purchasesPerRefund + 1) === 0 ? refunds() : purchases());
      };

      step('warm-up');
      // Warm-up: every seller's token verified once, the pools and statements warm.
      await phase(size.warmup, (recorder) => [
        readLoop(recorder, size.warmup),
        ...writeLoops(recorder, size.warmup),
      ]);

      // 1. Each target endpoint alone, alternating with pgbench (its statements), hello-world and
      //    the one-query route.
      const anchorServers = { hello, oneQuery };
      const anchorRuns: Record<keyof typeof anchorServers, Measured> = {
        hello: { recorder: new Recorder(), usage: noUsage },
        oneQuery: { recorder: new Recorder(), usage: noUsage },
      };
      const anchorSlice = async (which: keyof typeof anchorServers) => {
        const recorder = new Recorder();
        const { usage } = await withCpu(
          anchorServers[which],
          () =>
            closedLoop({
              base: anchorServers[which].base,
              connections,
              seconds: size.slice,
              recorder,
              next: () => helloRequest,
            }).done,
        );
        recorder.seconds = size.slice;
        const run = anchorRuns[which];
        run.recorder.merge(recorder);
        run.usage = combineUsage(run.usage, usage);
      };
      const alone: Record<string, Alone> = {};
      for (const name of targetCalls) {
        step(`${name} alone, pgbench, hello-world, one query`);
        const entry = {
          recorder: new Recorder(),
          usage: noUsage,
          pgbench: [] as PgbenchResult[],
          postgresSeconds: 0,
          postgresSecondsUnderPgbench: 0,
          loadSeconds: 0,
          pgbenchSeconds: 0,
        };
        alone[name] = entry;
        const only = readStream(tokens, name);
        for (let round = 0; round < size.rounds; round++) {
          const steps = [
            async () => {
              const postgresBefore = namedCpuSeconds('postgres');
              const loadBefore = processCpuSeconds(process.pid);
              const { recorder, usage } = await phase(size.slice, (r) => [
                readLoop(r, size.slice, only),
              ]);
              entry.postgresSeconds += namedCpuSeconds('postgres') - postgresBefore;
              entry.loadSeconds += processCpuSeconds(process.pid) - loadBefore;
              entry.recorder.merge(recorder);
              entry.usage = combineUsage(entry.usage, usage);
            },
            async () => {
              const result = await pgbench([readScripts[name]], connections, size.slice);
              entry.pgbench.push(result);
              entry.postgresSecondsUnderPgbench += result.postgresSeconds;
              entry.pgbenchSeconds += result.clientSeconds;
            },
            // Context, not part of the ratio: one slice of each per endpoint is enough.
            ...(round === 0 ? [() => anchorSlice('hello'), () => anchorSlice('oneQuery')] : []),
          ];
          for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
        }
      }

      // 2. The mixed workload: reads, purchases, views, and a flash sale in the middle.
      step('mixed workload');
      const flashRank = Math.max(2, Math.round(shop.sellers / 2));
      /**
       * The mixed workload's writes for `seconds`: the steady ones, the operator's payout run,
       * and the flash sale, which starts `flashAt` seconds in.
       */
      const mixedWrites = (recorder: Recorder, seconds: number, flashAt: number): Loop[] => {
        const flashLoop: Loop = {
          done: new Promise((resolve) => {
            setTimeout(() => {
              openLoop({
                base: server.base,
                seconds: size.flash,
                recorder,
                perSecond: rates.flashSale,
                next: site.purchases('flash-sale purchase', () => [flashRank, 0]),
              }).done.then(resolve);
            }, flashAt * 1000);
          }),
          stop() {},
        };
        return [
          ...writeLoops(recorder, seconds),
          openLoop({
            base: server.base,
            seconds,
            recorder,
            perSecond: rates.payouts,
            next: site.payouts(),
          }),
          flashLoop,
        ];
      };
      const flashAt = (size.mixed - size.flash) / 2;
      // The mix opens its connections as pgbench does: its first seconds are a warm-up, left
      // out as pgbench's are, and the flash sale is as far into the measured window.
      const mixSeconds = pgbenchWarmupSeconds + size.mixed;
      const mixStartedAt = performance.now();
      const wholeMix = await phase(mixSeconds, (recorder) => [
        readLoop(recorder, mixSeconds),
        ...mixedWrites(recorder, mixSeconds, pgbenchWarmupSeconds + flashAt),
      ]);
      const mixed: Mix = {
        recorder: wholeMix.recorder.sentFrom(
          mixStartedAt + pgbenchWarmupSeconds * 1000,
          size.mixed,
        ),
        usage: wholeMix.usage,
        whole: wholeMix.recorder,
        window: {
          from: mixStartedAt + pgbenchWarmupSeconds * 1000,
          to: mixStartedAt + mixSeconds * 1000,
        },
      };

      // 3. pgbench running the same read mix for as long while the same writes reach the server,
      //    the flash sale as far into pgbench's measured window as it was into the mix.
      step('pgbench, the read mix');
      const writesDuringAnchor = new Recorder();
      const [mixAnchor] = await Promise.all([
        pgbench(Object.values(readScripts), connections, size.mixed),
        ...mixedWrites(
          writesDuringAnchor,
          pgbenchRunSeconds(size.mixed),
          pgbenchWarmupSeconds + flashAt,
        ).map((loop) => loop.done),
      ]);

      // 4. Purchases and refunds (ten to one, two purchases of the ten redeeming the seller's
      //    code first) as fast as they are answered while reads arrive at half the rate the mixed
      //    workload reached (a steady load, not a flood that would take every turn of the
      //    server) and product views at 1,000 a second (a batch a second), alternating with
      //    pgbench running the redeem, purchase and refund transactions in the same proportion
      //    under the same reads and views.
      //    The rate is taken over the whole mix, its warm-up included, so that the reads beside
      //    the ingest do not grow with the mix's measured figure.
      const readRate = Math.max(
        50,
        Math.round(wholeMix.recorder.figures(Object.keys(readCalls)).perSecond / 2),
      );
      step(`ingest while ${readRate} reads/s run, pgbench purchase and refund`);
      const steadyReads = (recorder: Recorder, seconds = size.slice) =>
        openLoop({
          base: server.base,
          seconds,
          recorder,
          perSecond: readRate,
          maxConnections: connections,
          next: reads,
        });
      const steadyViews = (recorder: Recorder, seconds = size.slice) =>
        openLoop({
          base: server.base,
          seconds,
          recorder,
          perSecond: 1,
          next: site.viewBatches(rates.views),
        });
      const ingest = new Recorder();
      const ingestAnchor: PgbenchResult[] = [];
      const viewsDuringIngest = new Recorder();
      const readsDuringIngestAnchor = new Recorder();
      // What PostgreSQL and the server spend during the server's slices (the steady reads and
      // views included, as they are in pgbench's): where the ingest's ratio is decided.
      const ingestCpu = { serverSeconds: 0, postgresSeconds: 0 };
      /** The server's slices (`performance.now()` times), to count the reads answered within. */
      const ingestWindows: Window[] = [];
      for (let round = 0; round < size.rounds; round++) {
        const steps = [
          async () => {
            const postgresBefore = namedCpuSeconds('postgres');
            const from = performance.now();
            ingestWindows.push({ from, to: from + size.slice * 1000 });
            const { recorder, usage } = await phase(size.slice, (r) => [
              steadyReads(r),
              steadyViews(viewsDuringIngest),
              closedLoop({
                base: server.base,
                connections: ingestConnections,
                seconds: size.slice,
                recorder: r,
                next: ingestCalls(),
              }),
            ]);
            ingest.merge(recorder);
            ingestCpu.serverSeconds += cpuSeconds(usage);
            ingestCpu.postgresSeconds += namedCpuSeconds('postgres') - postgresBefore;
          },
          async () => {
            const [result] = await Promise.all([
              pgbench(
                [purchaseScript, discountedScript, refundScript],
                ingestConnections,
                size.slice,
              ),
              steadyReads(readsDuringIngestAnchor, pgbenchRunSeconds(size.slice)).done,
              steadyViews(viewsDuringIngest, pgbenchRunSeconds(size.slice)).done,
            ]);
            ingestAnchor.push(result);
          },
        ];
        for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
      }

      // 5. Ingest alone, product views off and on (1,000/s in one batch a second), alternating.
      step('ingest, views off and on');
      const ingestViewsOff = new Recorder();
      const ingestViewsOn = new Recorder();
      for (let round = 0; round < size.rounds + 1; round++) {
        const steps = [false, true].map((views) => async () => {
          const { recorder } = await phase(size.slice, (r) => [
            closedLoop({
              base: server.base,
              connections: ingestConnections,
              seconds: size.slice,
              recorder: r,
              next: site.purchases('ingest purchase'),
            }),
            ...(views
              ? [
                  openLoop({
                    base: server.base,
                    seconds: size.slice,
                    recorder: r,
                    perSecond: 1,
                    next: site.viewBatches(rates.views),
                  }),
                ]
              : []),
          ]);
          (views ? ingestViewsOn : ingestViewsOff).merge(recorder);
        });
        for (const work of round % 2 === 0 ? steps : [...steps].reverse()) await work();
      }

      // Every purchase, refund and payout acknowledged is stored once; the rollups add up; every
      // seller's ledger agrees with the balance answered and the rollups.
      step('counting the purchases, refunds and payouts; the ledger of every seller');
      const consistency = await withClient(scratch.databaseUrl, (client) =>
        checkPurchases(client, site),
      );
      const ledger = await checkLedger(scratch.databaseUrl, server.base, tokens);

      result = report({
        quick,
        size,
        seedSeconds,
        alone,
        hello: anchorRuns.hello,
        oneQuery: anchorRuns.oneQuery,
        mixed,
        mixAnchor,
        writesDuringAnchor,
        ingest,
        ingestAnchor,
        ingestCpu,
        ingestWindows,
        ingestViewsOff,
        ingestViewsOn,
        readRate,
        consistency: {
          ...consistency,
          replays: site.replays,
          redeemed: site.redeemed,
          views: site.batchedViews,
        },
        viewsDuringIngest,
        readsDuringIngestAnchor,
        ledger,
        captured,
        scripts: {
          ...readScripts,
          purchase: purchaseScript,
          'discounted purchase': discountedScript,
          refund: refundScript,
        },
      });
    } finally {
      await server.stop();
      await hello.stop();
      await oneQuery.stop();
    }
    if (profileDir) {
      // The main thread's profile (tsx's loader thread writes one too), without the first
      // seconds of loading modules and warming up.
      const file = readdirSync(profileDir)
        .filter((name) => name.includes('.0.001.'))
        .map((name) => path.join(profileDir, name))[0];
      if (file) {
        const profile = summarise(file, 40, size.warmup + 3);
        result.details.profile = { file, ...profile };
        console.log(`  profile: ${file}\n${profile.packages.slice(0, 15).join('\n')}`);
      }
    }
    return result;
  } finally {
    await scratch.remove();
  }
}

interface Consistency {
  acknowledged: number;
  stored: number;
  lost: number;
  duplicated: number;
  refundsAcknowledged: number;
  refundsLost: number;
  payoutsAcknowledged: number;
  payoutsLost: number;
  rollupMismatches: number;
  /** Discounts whose uses differ from their sales with the code or from their holds used. */
  discountMismatches: number;
  /** Purchases acknowledged with a granted hold whose hold is not marked used. */
  holdsNotUsed: number;
  /** Sales recorded as over their code's limit (none should be: every code use was held). */
  overLimit: number;
  /** Views in `product_views_daily`, and the acknowledged ones not stored once. */
  viewsStored: number;
  viewsMissing: number;
}

/** How many of `acknowledged` ids are missing from `stored`. */
function missing(acknowledged: Set<string>, stored: Set<string>): number {
  let count = 0;
  for (const id of acknowledged) if (!stored.has(id)) count++;
  return count;
}

async function checkPurchases(client: pg.Client, site: MemberSite): Promise<Consistency> {
  const { rows } = await client.query<{ order_id: string; copies: number }>(
    `select order_id, count(*)::int as copies from sales where order_id like $1 group by order_id`,
    [`${site.prefix}-%`],
  );
  const stored = new Set(rows.map((row) => row.order_id));
  const duplicated = rows.reduce((sum, row) => sum + row.copies - 1, 0);
  // Refund and payout ids are unique by their tables' keys: what can go wrong is a loss.
  const ids = async (query: string) =>
    new Set(
      (await client.query<{ id: string }>(query, [`${site.prefix}-%`])).rows.map((row) => row.id),
    );
  const refunds = await ids('select refund_id as id from refunds where refund_id like $1');
  const payouts = await ids('select payout_id as id from payouts where payout_id like $1');
  const mismatch = async (query: string, values: unknown[] = []) =>
    (await client.query(query, values)).rows.length;
  // Each sale counts as its amount less its refunds; a fully refunded one leaves the counts.
  const remaining = `count(*) filter (where refunded_amount < amount) c,
    sum(amount - refunded_amount) a, sum(net_amount - refunded_amount + refunded_commission) n`;
  const rollupMismatches =
    (await mismatch(
      `select 1 from (select seller_id, ${remaining} from sales group by seller_id) s
         full join seller_sales_totals t on t.seller_id = s.seller_id
       where s.c is distinct from t.count or s.a is distinct from t.amount
          or s.n is distinct from t.net`,
    )) +
    (await mismatch(
      `select 1 from (select product_id, ${remaining} from sales group by product_id) s
         full join product_sales ps on ps.product_id = s.product_id
       where s.c is distinct from ps.count or s.a is distinct from ps.amount
          or s.n is distinct from ps.net`,
    )) +
    (await mismatch(
      `select 1 from (select seller_id, (purchased_at at time zone $1)::date as day, ${remaining}
                      from sales group by 1, 2) s
         full join sales_daily d on d.seller_id = s.seller_id and d.day = s.day
       where s.c is distinct from d.count or s.a is distinct from d.amount
          or s.n is distinct from d.net`,
      [timeZone],
    ));
  // Each discount's uses: the sales that name its code, and the holds those sales used.
  const discountMismatches = await mismatch(
    `select 1 from discounts d
       left join (select seller_id, discount_code, count(*)::int as n from sales
                  where discount_code is not null group by 1, 2) s
         on s.seller_id = d.seller_id and s.discount_code = d.code
       left join (select discount_id, count(*)::int as n from discount_redemptions
                  where used_at is not null group by 1) r on r.discount_id = d.id
     where d.uses <> coalesce(s.n, 0) or d.uses <> coalesce(r.n, 0)`,
  );
  const usedHolds = await ids(
    'select order_id as id from discount_redemptions where used_at is not null and order_id like $1',
  );
  const counted = await client.query<{ over_limit: number; views: string }>(
    `select (select count(*)::int from sales where discount_over_limit) as over_limit,
            (select coalesce(sum(views), 0) from product_views_daily) as views`,
  );
  const viewsStored = Number(counted.rows[0]?.views ?? 0);
  return {
    discountMismatches,
    holdsNotUsed: missing(site.discounted, usedHolds),
    overLimit: counted.rows[0]?.over_limit ?? 0,
    viewsStored,
    viewsMissing: Math.abs(viewsStored - site.batchedViews.acknowledged),
    acknowledged: site.created.size,
    stored: rows.length,
    lost: missing(site.created, stored),
    duplicated,
    refundsAcknowledged: site.refundsCreated.size,
    refundsLost: missing(site.refundsCreated, refunds),
    payoutsAcknowledged: site.payoutsCreated.size,
    payoutsLost: missing(site.payoutsCreated, payouts),
    rollupMismatches,
  };
}

interface LedgerCheck {
  sellers: number;
  /** Sellers whose ledger sum, balance answered, and rollup net less payouts are not all equal. */
  differing: number;
  /** Σ over sellers of |ledger − balance| + |ledger − (rollup net − payouts)|, in KRW. */
  difference: number;
}

/**
 * Every seller's balance three ways: the sum of their ledger entries, what
 * `GET /api/payouts/balance` answers, and their sales rollup's net (sales less refunds) less
 * their payouts. The balance is asked a few sellers at a time, after the load.
 */
async function checkLedger(
  databaseUrl: string,
  base: string,
  tokens: string[],
): Promise<LedgerCheck> {
  const expected = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ rank: number; ledger: string; rollup: string }>(
      `select r.rank, coalesce(l.sum, 0) as ledger,
              coalesce(t.net, 0) - coalesce(p.sum, 0) as rollup
       from generate_series(1, $1::int) as r(rank)
       left join (select seller_id, sum(net) from ledger_entries group by seller_id) l
         on l.seller_id = ${sellerIdSql('r.rank')}
       left join seller_sales_totals t on t.seller_id = ${sellerIdSql('r.rank')}
       left join (select seller_id, sum(amount) from payouts group by seller_id) p
         on p.seller_id = ${sellerIdSql('r.rank')}`,
      [tokens.length - 1],
    );
    return rows.map((row) => ({
      rank: row.rank,
      ledger: Number(row.ledger),
      rollup: Number(row.rollup),
    }));
  });
  let differing = 0;
  let difference = 0;
  const queue = [...expected];
  const worker = async () => {
    for (let seller = queue.shift(); seller; seller = queue.shift()) {
      const response = await fetch(`${base}/api/payouts/balance`, {
        headers: { authorization: `Bearer ${tokens[seller.rank]}` },
      });
      if (!response.ok) {
        throw new Error(
          `balance of seller ${seller.rank}: ${response.status} ${await response.text()}`,
        );
      }
      const { balance } = (await response.json()) as { balance: number };
      const gap = Math.abs(seller.ledger - balance) + Math.abs(seller.ledger - seller.rollup);
      if (gap > 0) differing++;
      difference += gap;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { sellers: expected.length, differing, difference };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const meanTps = (runs: PgbenchResult[]) => round(sum(runs.map((run) => run.tps)) / runs.length, 0);
const µs = (cpu: number, requests: number) => (requests > 0 ? round((cpu * 1e6) / requests, 0) : 0);

/**
 * Where a request's CPU goes, from /proc: the system part (the kernel's work for its reads and
 * writes), the system calls that read or wrote (a call that reads the database makes one each
 * on the client's socket and on PostgreSQL's), and how often the server was preempted.
 */
function perRequestUsage(label: string, usage: ProcessUsage, requests: number): Metric[] {
  const per = (value: number) => (requests > 0 ? round(value / requests, 2) : 0);
  return [
    {
      name: `${label} server CPU per request, of which system`,
      value: µs(usage.systemSeconds, requests),
      unit: 'µs',
    },
    {
      name: `${label} server system calls per request (reads + writes)`,
      value: per(usage.readCalls + usage.writeCalls),
      unit: '',
    },
    {
      name: `${label} server preempted, times per request`,
      value: per(usage.preemptions),
      unit: '',
    },
  ];
}

/**
 * Where the mix's slowest reads fall: the p99 of the reads sent while the flash sale was being
 * sent and of those sent outside it, and the p99 of each whole second of the phase (its
 * highest and lowest), to tell a tail the flash sale makes from one spread over the phase.
 */
function readTail(mixed: Recorder, readLabels: readonly string[]): Metric[] {
  const reads = mixed.sendingSpan(readLabels);
  if (!reads) return [];
  const p99 = (list: number[]) => round(percentile(list, 99), 2);
  const metrics: Metric[] = [];
  const flash = mixed.sendingSpan(['flash-sale purchase', 'flash-sale purchase: code redeem']);
  if (flash) {
    const during = mixed.latenciesSent(readLabels, flash.first, flash.last);
    const outside = [
      ...mixed.latenciesSent(readLabels, reads.first, flash.first),
      ...mixed.latenciesSent(readLabels, flash.last, reads.last + 1),
    ].sort((a, b) => a - b);
    metrics.push(
      { name: 'mixed: reads p99, sent during the flash sale', value: p99(during), unit: 'ms' },
      { name: 'mixed: reads p99, sent outside the flash sale', value: p99(outside), unit: 'ms' },
    );
  }
  const bySecond: number[] = [];
  for (let from = reads.first; from + 1000 <= reads.last; from += 1000) {
    bySecond.push(p99(mixed.latenciesSent(readLabels, from, from + 1000)));
  }
  if (bySecond.length > 0) {
    metrics.push(
      { name: 'mixed: reads p99 of its fastest second', value: Math.min(...bySecond), unit: 'ms' },
      { name: 'mixed: reads p99 of its slowest second', value: Math.max(...bySecond), unit: 'ms' },
    );
  }
  return metrics;
}

function report(run: {
  quick: boolean;
  size: Sizes;
  seedSeconds: Record<string, number>;
  alone: Record<string, Alone>;
  hello: Measured;
  oneQuery: Measured;
  mixed: Mix;
  mixAnchor: PgbenchResult;
  writesDuringAnchor: Recorder;
  ingest: Recorder;
  ingestAnchor: PgbenchResult[];
  ingestCpu: { serverSeconds: number; postgresSeconds: number };
  ingestWindows: Window[];
  ingestViewsOff: Recorder;
  ingestViewsOn: Recorder;
  readRate: number;
  consistency: Consistency & {
    replays: number;
    redeemed: number;
    views: MemberSite['batchedViews'];
  };
  viewsDuringIngest: Recorder;
  /** The steady reads that reached the server while pgbench ran the ingest's transactions. */
  readsDuringIngestAnchor: Recorder;
  ledger: LedgerCheck;
  captured: Captured;
  scripts: Record<string, PgbenchScript>;
}): ScenarioResult {
  const { quick } = run;
  const target = (value: number, comparator: '<' | '≤' | '≥', limit: number) =>
    quick ? {} : check(value, comparator, limit);
  const metrics: Metric[] = [];
  // Hello-world, and the same route reading one row through a pg pool: the floor of any call
  // to the database.
  const anchors = [
    ['hello-world', run.hello],
    ['one-query route', run.oneQuery],
  ] as const;
  const [hello, oneQuery] = anchors.map(([label, anchor]) => {
    const figures = anchor.recorder.figures('hello');
    metrics.push(
      { name: `${label} req/s (its slices)`, value: figures.perSecond, unit: 'req/s' },
      {
        name: `${label} server CPU per request`,
        value: µs(cpuSeconds(anchor.usage), figures.count),
        unit: 'µs',
      },
      ...perRequestUsage(label, anchor.usage, figures.count),
    );
    return figures;
  });

  // Each target endpoint alone against pgbench running its statements.
  for (const [name, entry] of Object.entries(run.alone)) {
    const figures = entry.recorder.figures(name);
    const anchor = meanTps(entry.pgbench);
    const pgbenchTransactions = entry.pgbench.reduce((sum, result) => sum + result.transactions, 0);
    const ratio = round(figures.perSecond / anchor);
    const cpu = µs(cpuSeconds(entry.usage), figures.count);
    metrics.push(
      { name: `${name} alone req/s`, value: figures.perSecond, unit: 'req/s' },
      { name: `${name} pgbench, its statements, TPS`, value: anchor, unit: 'tps' },
      { name: `${name} ÷ pgbench`, value: ratio, unit: '×', ...target(ratio, '≥', 0.5) },
      {
        name: `${name} server CPU per request`,
        value: cpu,
        unit: 'µs',
        ...target(cpu, '≤', 100),
      },
      ...perRequestUsage(name, entry.usage, figures.count),
      // Where the two cores go: PostgreSQL's share of a request, against its share of one of
      // pgbench's transactions running the same statements.
      {
        name: `${name} PostgreSQL CPU per request`,
        value: µs(entry.postgresSeconds, figures.count),
        unit: 'µs',
      },
      {
        name: `${name} load generator CPU per request`,
        value: µs(entry.loadSeconds, figures.count),
        unit: 'µs',
      },
      {
        name: `${name} pgbench: PostgreSQL CPU per transaction`,
        value: µs(entry.postgresSecondsUnderPgbench, pgbenchTransactions),
        unit: 'µs',
      },
      {
        name: `${name} pgbench: its client's CPU per transaction`,
        value: µs(entry.pgbenchSeconds, pgbenchTransactions),
        unit: 'µs',
      },
    );
    if (figures.errors > 0) throw new Error(`${name} alone: ${JSON.stringify(figures.statuses)}`);
  }

  // The mixed workload.
  const mixed = run.mixed.recorder;
  const readLabels = (Object.keys(readCalls) as ReadCall[]).filter(
    (label) => mixed.count(label) > 0,
  );
  const allReads = mixed.figures(readLabels);
  const allWrites = mixed.labels().filter((label) => !(label in readCalls));
  // Each side timed from its window's start until the writes sent in the window were answered:
  // the reads of a side that left writes waiting are spread over the time it took to do them.
  const mixAnchorWindow = pgbenchWindow(run.mixAnchor);
  const mixReadsDone = serverUntilDone(run.mixed.whole, readLabels, [run.mixed.window], (window) =>
    doneAt(run.mixed.whole, allWrites, window),
  );
  const mixAnchorDone = pgbenchUntilDone([run.mixAnchor], (window) =>
    doneAt(run.writesDuringAnchor, allWrites, window),
  );
  const readRatio = round(mixReadsDone.perSecond / mixAnchorDone.perSecond);
  const windowReadRatio = round(allReads.perSecond / run.mixAnchor.tps);
  metrics.push(
    { name: 'mixed: reads req/s', value: allReads.perSecond, unit: 'req/s' },
    {
      name: 'mixed: pgbench, the read mix, TPS (same writes)',
      value: run.mixAnchor.tps,
      unit: 'tps',
    },
    { name: 'mixed: reads ÷ pgbench, windows alone', value: windowReadRatio, unit: '×' },
    {
      name: 'mixed: its writes done, s after its window',
      value: mixReadsDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: "mixed: the same writes done, s after pgbench's window",
      value: mixAnchorDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: 'mixed: reads req/s until its writes were done',
      value: mixReadsDone.perSecond,
      unit: 'req/s',
    },
    {
      name: 'mixed: pgbench, the read mix, TPS until the same writes were done',
      value: mixAnchorDone.perSecond,
      unit: 'tps',
    },
    { name: 'mixed: reads ÷ pgbench', value: readRatio, unit: '×', ...target(readRatio, '≥', 0.5) },
    { name: 'mixed: reads p99', value: allReads.p99, unit: 'ms' },
    {
      name: 'mixed: pgbench, the read mix, p50 (same writes)',
      value: run.mixAnchor.p50Ms,
      unit: 'ms',
    },
    {
      name: 'mixed: pgbench, the read mix, p99 (same writes)',
      value: run.mixAnchor.p99Ms,
      unit: 'ms',
    },
    {
      name: 'mixed: read errors',
      value: allReads.errors,
      unit: '',
      ...target(allReads.errors, '≤', 0),
    },
    ...readTail(mixed, readLabels),
  );
  // The same writes reach the server in the mix and under pgbench's read mix; how long they
  // waited tells whether they were done as they came or held back behind the reads.
  const steadyWrites = mixed
    .labels()
    .filter((label) => !(label in readCalls) && !label.startsWith('flash-sale'));
  const writesInMix = mixed.figures(steadyWrites);
  const writesUnderPgbench = run.writesDuringAnchor.figures(steadyWrites);
  metrics.push(
    // How many were answered within each side's measured window, whenever sent: whether both
    // did the same writes' work while their reads were counted.
    {
      name: 'mixed: its writes answered a second (flash sale included)',
      value: answeredPerSecond(run.mixed.whole, allWrites, [run.mixed.window]),
      unit: '/s',
    },
    {
      name: "mixed: the same writes answered a second in pgbench's window",
      value: answeredPerSecond(run.writesDuringAnchor, allWrites, [mixAnchorWindow]),
      unit: '/s',
    },
    { name: 'mixed: its writes (flash sale apart), p50', value: writesInMix.p50, unit: 'ms' },
    {
      name: 'mixed: the same writes under pgbench, the read mix, p50',
      value: writesUnderPgbench.p50,
      unit: 'ms',
    },
    {
      name: 'mixed: the same writes under pgbench, the read mix, p99',
      value: writesUnderPgbench.p99,
      unit: 'ms',
    },
  );
  for (const label of readLabels) {
    const figures = mixed.figures(label);
    const targeted = targetCalls.includes(label);
    metrics.push(
      { name: `mixed: ${label} req/s`, value: figures.perSecond, unit: 'req/s' },
      { name: `mixed: ${label} p50`, value: figures.p50, unit: 'ms' },
      {
        name: `mixed: ${label} p99`,
        value: figures.p99,
        unit: 'ms',
        ...(targeted ? target(figures.p99, '<', 20) : {}),
      },
    );
  }
  for (const label of [
    'purchase',
    'purchase (replay)',
    'purchase: code redeem',
    'refund',
    'payout',
    'view batch',
    'flash-sale purchase',
    'flash-sale purchase: code redeem',
  ]) {
    const figures = mixed.figures(label);
    // The flash sale lasts `flash` seconds of the phase: its rate is over those.
    const perSecond = label.startsWith('flash-sale')
      ? round(figures.count / run.size.flash, 0)
      : figures.perSecond;
    metrics.push(
      { name: `mixed: ${label} req/s`, value: perSecond, unit: 'req/s' },
      { name: `mixed: ${label} p50`, value: figures.p50, unit: 'ms' },
      {
        name: `mixed: ${label} p99`,
        value: figures.p99,
        unit: 'ms',
        ...(label === 'purchase' || label === 'refund' ? target(figures.p99, '<', 50) : {}),
      },
      {
        name: `mixed: ${label} errors`,
        value: figures.errors,
        unit: '',
        ...target(figures.errors, '≤', 0),
      },
    );
  }
  const warmUpErrors = run.mixed.whole.figures(run.mixed.whole.labels()).errors;
  metrics.push(
    {
      name: 'mixed: server CPU per request (reads and writes, warm-up included)',
      value: µs(cpuSeconds(run.mixed.usage), run.mixed.whole.count()),
      unit: 'µs',
    },
    {
      name: 'mixed: errors, warm-up included',
      value: warmUpErrors,
      unit: '',
      ...target(warmUpErrors, '≤', 0),
    },
  );

  // Ingest.
  const ingest = run.ingest.figures(ingestLabels);
  const ingestRefunds = run.ingest.figures('ingest refund');
  // pgbench's transactions counted as the member-site calls they stand for.
  const ingestAnchor = round(
    sum(
      run.ingestAnchor.map((result) =>
        sum(
          Object.entries(result.perScript).map(
            ([name, script]) => script.tps * (callsPerScript[name] ?? 1),
          ),
        ),
      ),
    ) / run.ingestAnchor.length,
    0,
  );
  const windowIngestRatio = round(ingest.perSecond / ingestAnchor);
  // Each side timed from each window's start until the reads and views sent in it were answered.
  const ingestDone = (reads: Recorder) => (window: Window) =>
    Math.max(
      doneAt(reads, Object.keys(readCalls), window),
      doneAt(run.viewsDuringIngest, ['view batch'], window),
    );
  const ingestUntilDone = serverUntilDone(
    run.ingest,
    ingestLabels,
    run.ingestWindows,
    ingestDone(run.ingest),
  );
  const ingestAnchorUntilDone = pgbenchUntilDone(
    run.ingestAnchor,
    ingestDone(run.readsDuringIngestAnchor),
    (name) => callsPerScript[name] ?? 1,
  );
  const ingestRatio = round(ingestUntilDone.perSecond / ingestAnchorUntilDone.perSecond);
  const viewsDuringIngest = run.viewsDuringIngest.figures('view batch');
  const off = run.ingestViewsOff.figures('ingest purchase');
  const on = run.ingestViewsOn.figures('ingest purchase');
  // Every call of those two phases, the redeems and view batches too, must be answered.
  const viewsOnOffErrors = [run.ingestViewsOff, run.ingestViewsOn].reduce(
    (total, recorder) => total + recorder.figures(recorder.labels()).errors,
    0,
  );
  const viewsRatio = round(on.perSecond / off.perSecond);
  metrics.push(
    {
      name: `ingest (${ingestConnections} connections) while ${run.readRate} reads/s and 1,000 views/s run, redeems, purchases and refunds/s`,
      value: ingest.perSecond,
      unit: '/s',
    },
    {
      name: 'ingest: view batch errors',
      value: viewsDuringIngest.errors,
      unit: '',
      ...target(viewsDuringIngest.errors, '≤', 0),
    },
    { name: 'ingest: view batch p99', value: viewsDuringIngest.p99, unit: 'ms' },
    // The same steady reads reach the server beside the ingest and beside pgbench's: how long
    // they waited tells whether both sides carried them alike.
    {
      name: 'ingest: its steady reads, p50',
      value: run.ingest.figures(Object.keys(readCalls)).p50,
      unit: 'ms',
    },
    {
      name: 'ingest: the same reads under pgbench, p50',
      value: run.readsDuringIngestAnchor.figures(Object.keys(readCalls)).p50,
      unit: 'ms',
    },
    // How many of them each side got answered within its measured windows, whenever sent: the
    // same background work on both sides, or not.
    {
      name: 'ingest: its steady reads answered a second',
      value: answeredPerSecond(run.ingest, Object.keys(readCalls), run.ingestWindows),
      unit: '/s',
    },
    {
      name: "ingest: the same reads answered a second in pgbench's windows",
      value: answeredPerSecond(
        run.readsDuringIngestAnchor,
        Object.keys(readCalls),
        run.ingestAnchor.map(pgbenchWindow),
      ),
      unit: '/s',
    },
    { name: 'ingest p99', value: ingest.p99, unit: 'ms' },
    { name: 'ingest: refunds p99', value: ingestRefunds.p99, unit: 'ms' },
    {
      name: 'ingest errors',
      value: ingest.errors,
      unit: '',
      ...target(ingest.errors, '≤', 0),
    },
    {
      name: 'ingest: pgbench, the purchase, redeem-and-purchase and refund transactions (8:2:1), same reads and views, calls/s',
      value: ingestAnchor,
      unit: '/s',
    },
    {
      name: 'ingest: pgbench, its transactions, p99 (its highest slice)',
      value: Math.max(...run.ingestAnchor.map((anchor) => anchor.p99Ms)),
      unit: 'ms',
    },
    { name: 'ingest ÷ pgbench, windows alone', value: windowIngestRatio, unit: '×' },
    {
      name: 'ingest: its reads and views done, s after its windows (the latest)',
      value: ingestUntilDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: "ingest: the same reads and views done, s after pgbench's windows (the latest)",
      value: ingestAnchorUntilDone.latestAfterSeconds,
      unit: 's',
    },
    {
      name: 'ingest calls/s until its reads and views were done',
      value: ingestUntilDone.perSecond,
      unit: '/s',
    },
    {
      name: 'ingest: pgbench, calls/s until the same reads and views were done',
      value: ingestAnchorUntilDone.perSecond,
      unit: '/s',
    },
    { name: 'ingest ÷ pgbench', value: ingestRatio, unit: '×', ...target(ingestRatio, '≥', 0.5) },
    // Both sides with the same steady reads and views going through the server: the reads'
    // share is in each figure alike.
    {
      name: 'ingest: server CPU per call (its reads and views included)',
      value: µs(run.ingestCpu.serverSeconds, ingest.count),
      unit: 'µs',
    },
    {
      name: 'ingest: PostgreSQL CPU per call, the server (reads and views included)',
      value: µs(run.ingestCpu.postgresSeconds, ingest.count),
      unit: 'µs',
    },
    {
      name: 'ingest: PostgreSQL CPU per call, pgbench (reads and views included)',
      value: µs(
        sum(run.ingestAnchor.map((result) => result.postgresSeconds)),
        sum(
          run.ingestAnchor.flatMap((result) =>
            Object.entries(result.perScript).map(
              ([name, script]) => script.transactions * (callsPerScript[name] ?? 1),
            ),
          ),
        ),
      ),
      unit: 'µs',
    },
    { name: 'ingest alone, views off, purchases/s', value: off.perSecond, unit: '/s' },
    {
      name: 'ingest alone, views on (1,000/s in one batch a second), purchases/s',
      value: on.perSecond,
      unit: '/s',
    },
    {
      name: 'ingest views on and off: errors (purchases, redeems, view batches)',
      value: viewsOnOffErrors,
      unit: '',
      ...target(viewsOnOffErrors, '≤', 0),
    },
    {
      name: 'ingest views on ÷ off',
      value: viewsRatio,
      unit: '×',
      ...target(viewsRatio, '≥', 0.95),
    },
    { name: 'purchases acknowledged', value: run.consistency.acknowledged, unit: '' },
    {
      name: 'purchases lost',
      value: run.consistency.lost,
      unit: '',
      ...check(run.consistency.lost, '≤', 0),
    },
    {
      name: 'purchases stored twice',
      value: run.consistency.duplicated,
      unit: '',
      ...check(run.consistency.duplicated, '≤', 0),
    },
    { name: 'refunds acknowledged', value: run.consistency.refundsAcknowledged, unit: '' },
    {
      name: 'refunds lost',
      value: run.consistency.refundsLost,
      unit: '',
      ...check(run.consistency.refundsLost, '≤', 0),
    },
    { name: 'payouts acknowledged', value: run.consistency.payoutsAcknowledged, unit: '' },
    {
      name: 'payouts lost',
      value: run.consistency.payoutsLost,
      unit: '',
      ...check(run.consistency.payoutsLost, '≤', 0),
    },
    { name: 'discount codes redeemed', value: run.consistency.redeemed, unit: '' },
    {
      name: 'discounts whose uses differ from their sales with the code or their holds used',
      value: run.consistency.discountMismatches,
      unit: '',
      ...check(run.consistency.discountMismatches, '≤', 0),
    },
    {
      name: 'discounted purchases whose hold is not marked used',
      value: run.consistency.holdsNotUsed,
      unit: '',
      ...check(run.consistency.holdsNotUsed, '≤', 0),
    },
    {
      name: 'sales over their code’s limit',
      value: run.consistency.overLimit,
      unit: '',
      ...check(run.consistency.overLimit, '≤', 0),
    },
    {
      name: 'views acknowledged (in batches)',
      value: run.consistency.views.acknowledged,
      unit: '',
    },
    {
      name: 'views lost or counted twice (product_views_daily)',
      value: run.consistency.viewsMissing,
      unit: '',
      ...check(run.consistency.viewsMissing, '≤', 0),
    },
    {
      name: 'view items naming no product',
      value: run.consistency.views.unknown,
      unit: '',
      ...check(run.consistency.views.unknown, '≤', 0),
    },
    {
      name: 'rollup rows not matching the sales less their refunds',
      value: run.consistency.rollupMismatches,
      unit: '',
      ...check(run.consistency.rollupMismatches, '≤', 0),
    },
    {
      name: `ledger: sellers whose ledger sum, balance and rollups less payouts differ (of ${run.ledger.sellers})`,
      value: run.ledger.differing,
      unit: '',
      ...check(run.ledger.differing, '≤', 0),
    },
    {
      name: 'ledger: difference, ledger sum vs balance vs rollups less payouts, all sellers',
      value: run.ledger.difference,
      unit: 'KRW',
      ...check(run.ledger.difference, '≤', 0),
    },
  );

  // Statements sent without a name are parsed and planned by PostgreSQL on every request.
  const unnamed = Object.fromEntries(
    Object.entries(run.captured.reads).map(([name, statements]) => [
      name,
      statements.filter((statement) => statement.name === '').length,
    ]),
  );
  metrics.push({
    name: 'unnamed statements per request, all reads together',
    value: sum(Object.values(unnamed)),
    unit: '',
  });

  const shop = run.size.shop;
  return {
    scenario: `API throughput (PostgreSQL, ${shop.sellers.toLocaleString('en')} sellers, ${shop.sales.toLocaleString('en')} sales, ${connections} connections)`,
    metrics,
    details: {
      size: run.size,
      seedSeconds: run.seedSeconds,
      mixed: Object.fromEntries(mixed.labels().map((label) => [label, mixed.figures(label)])),
      mixedCpuSeconds: cpuSeconds(run.mixed.usage),
      mixAnchor: run.mixAnchor,
      writesDuringAnchor: Object.fromEntries(
        run.writesDuringAnchor
          .labels()
          .map((label) => [label, run.writesDuringAnchor.figures(label)]),
      ),
      alone: Object.fromEntries(
        Object.entries(run.alone).map(([name, entry]) => [
          name,
          {
            http: entry.recorder.figures(name),
            cpuSeconds: cpuSeconds(entry.usage),
            usage: entry.usage,
            pgbench: entry.pgbench,
          },
        ]),
      ),
      hello,
      oneQuery,
      ingest: { http: ingest, pgbench: run.ingestAnchor, viewsOff: off, viewsOn: on },
      consistency: run.consistency,
      ledger: run.ledger,
      unnamedStatements: unnamed,
      statements: Object.fromEntries(
        Object.entries(run.captured.reads).map(([name, statements]) => [
          name,
          statements.map(({ text, name: statementName, parsed }) => ({
            text,
            name: statementName,
            parsed,
          })),
        ]),
      ),
      purchaseStatements: run.captured.purchase.map(({ text, name, parsed }) => ({
        text,
        name,
        parsed,
      })),
      refundStatements: run.captured.refund.map(({ text, name, parsed }) => ({
        text,
        name,
        parsed,
      })),
      pgbenchScripts: Object.fromEntries(
        Object.entries(run.scripts).map(([name, script]) => [name, script.text]),
      ),
    },
  };
}

if (isMain(import.meta.filename)) {
  const { runAlone } = await import('../lib/harness.ts');
  await runAlone('api', apiThroughput, { quick: flag('quick') }, flag('details'));
}
