/**
 * Buyers and where sales come from, at scale: one seller with 50,000 customers (200,000 sales
 * to them over two years, with the buyer and source fields a member site sends) among 49 other
 * sellers with their own buyers, and 120 days of daily view buckets per product, source,
 * campaign and country, made with SQL; the customers, rollups and sellers' view sums built by the
 * server's own rebuild (every customer is the sum of their sales). Then, over HTTP against the
 * real server,
 * sequential samples of:
 *
 * - the customers list: the first, middle and last page of each sort, a search by part of an
 *   email or name (one that matches a few, one that matches none), each filter (country,
 *   consent, product) and two together, first and last page;
 * - the CSV export (all 50,000, and one country): the time to its first byte, and the whole file;
 * - the conversion report of the last 90 days by each grouping.
 *
 * Every statement those calls send is read on the wire (a copy of the server behind the capture
 * proxy, bench/lib/pg-wire-capture.ts) and explained (`EXPLAIN (ANALYZE, BUFFERS)`) with its own
 * values, the plans written to bench/results/latest.md.
 *
 *   npx tsx bench/scenarios/customers.ts [--quick] [--details] [--plans] [--customers 50000 --sales 200000]
 */
import http from 'node:http';
import { loadSales, rebuildRollupsAndVacuum, type StepSeconds, timed } from '../lib/bulk-sales.ts';
import {
  check,
  flag,
  isMain,
  type Metric,
  option,
  percentile,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  sampleGet,
  startServer,
} from '../lib/common.ts';
import { type CapturedStatement, startWireCapture } from '../lib/pg-wire-capture.ts';
import {
  benchJwtSecret,
  type ScratchDatabase,
  scratchDatabase,
  sessionToken,
  startSeededServer,
  withClient,
} from '../lib/seed.ts';

const timeZone = 'Asia/Seoul';
const pageLimit = 20;
/** The conversion report's period: the last 90 local days. */
const reportDays = 90;
const targetMs = 50;
const historyDays = 730;
const groupings = ['product', 'source', 'campaign', 'country', 'day'] as const;
const sorts = ['lastPurchaseAt', 'totalNet', 'purchases'] as const;

/**
 * What a buyer is told apart by, as SQL over the buyer's number `b` (and a sale's number `g`):
 * the same buyer always has the same name, country and language; about a third ticked the
 * consent box; sources and campaigns vary from sale to sale.
 */
const countries = ['KR', 'KR', 'KR', 'KR', 'CN', 'CN', 'JP', 'JP', 'US', 'TW', 'FR', 'TR'];
const localeOf: Record<string, string> = {
  KR: 'ko',
  CN: 'zh',
  TW: 'zh',
  JP: 'ja',
  US: 'en',
  FR: 'fr',
  TR: 'tr',
};
const saleSources = ['naver.com', 'm.naver.com', 'instagram.com', 'x.com', 'baidu.com', 'daum.net'];
const campaigns = ['spring_sale', 'launch', 'newsletter', 'webtoon_collab'];
/** The same as stored in view buckets: named sources (`lib/traffic-sources.ts`), '' for none. */
const viewSources = ['Naver', 'Naver', 'instagram.com', 'X', 'Baidu', 'Daum', ''];
const viewCampaigns = [...campaigns, '', ''];
const viewCountries = ['KR', 'KR', 'CN', 'JP', 'US', 'TW', ''];

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value}'`).join(', ')}]`;

interface Sizes {
  customers: number;
  sales: number;
  otherSellers: number;
  salesPerOtherSeller: number;
  bigProducts: number;
  otherProducts: number;
  viewDays: number;
  warmup: number;
  samples: number;
  exportSamples: number;
}

function sizes(quick: boolean): Sizes {
  return {
    customers: Number(option('customers') ?? (quick ? 5_000 : 50_000)),
    sales: Number(option('sales') ?? (quick ? 20_000 : 200_000)),
    otherSellers: quick ? 9 : 49,
    salesPerOtherSeller: quick ? 1_000 : 4_000,
    bigProducts: quick ? 20 : 50,
    otherProducts: 10,
    viewDays: quick ? 100 : 120,
    warmup: quick ? 2 : 5,
    samples: quick ? 10 : 50,
    exportSamples: quick ? 2 : 10,
  };
}

interface Dataset {
  sellerId: string;
  productIds: string[];
  customers: number;
  sales: number;
  totalSales: number;
  viewBuckets: number;
  sellerViewBuckets: number;
  seconds: StepSeconds;
}

/**
 * An integer SQL expression made non-negative by dropping its sign bit: `abs()` fails on the one
 * value that has no positive counterpart, −2³¹, which `hashtext` returns for some texts.
 */
export const nonNegative = (integer: string) => `(${integer} & 2147483647)`;

/** A text's hash as a non-negative integer, to spread rows by. */
export const textHash = (text: string) => nonNegative(`hashtext(${text})`);

/** Sellers and products, the sales (indexes built after), rollups and customers, view buckets. */
async function generate(databaseUrl: string, size: Sizes): Promise<Dataset> {
  const seconds: StepSeconds = {};
  const { sellerId, productIds } = await withClient(databaseUrl, async (client) => {
    const seller = await timed(seconds, 'sellers and products', async () => {
      await client.query(
        `insert into sellers (email, nickname, password_hash, created_at, sale_notifications)
         select 'bench-seller-' || n || '@example.com', 'bench_seller_' || n, 'bench-no-password',
                now() - interval '3 years', 'never'
         from generate_series(0, $1::int) n`,
        [size.otherSellers],
      );
      await client.query(`
        create temporary table bench_products as
        with numbered as (
          select id as seller_id, (regexp_match(email, 'bench-seller-(\\d+)@'))[1]::int as seller_no
          from sellers
        )
        select seller_no, product_no, seller_id, gen_random_uuid() as product_id
        from numbered, generate_series(0, case when seller_no = 0 then ${size.bigProducts - 1}
                                                 else ${size.otherProducts - 1} end) product_no`);
      await client.query(`
        insert into products (id, seller_id, title, description, price, status, created_at)
        select product_id, seller_id, 'Product ' || seller_no || '-' || product_no, '',
               5000 + product_no * 500, 'active',
               now() - interval '3 years' + make_interval(days => product_no)
        from bench_products`);
      const { rows } = await client.query<{ seller_id: string; product_id: string }>(
        `select seller_id, product_id from bench_products where seller_no = 0 order by product_no`,
      );
      return {
        sellerId: (rows[0] as { seller_id: string }).seller_id,
        productIds: rows.map((row) => row.product_id),
      };
    });

    await loadSales(client, seconds, async () => {
      // Sale g of a seller goes to their buyer g % buyers: every buyer has sales, the first
      // ones a few more. The newest sale is a minute old, the rest spread over two years; an
      // amount of 1,000 to 100,000 KRW, the standard commission. The buyer's fields are theirs
      // (by their number), the source and campaign the sale's own (one in three told none).
      const insert = (from: string, seriesEnd: number, sellerNo: string, buyers: number) =>
        client.query(`
          insert into sales (order_id, seller_id, product_id, customer_email, payment_method,
                             amount, commission_rate_bp, commission_amount, net_amount, purchased_at,
                             buyer_name, buyer_country, buyer_locale, marketing_consent,
                             source, utm_source, utm_medium, utm_campaign)
          select 'bench-${from}-' || g, p.seller_id, p.product_id,
                 'buyer' || b.n || '@example.com',
                 (array['card', 'alipay', 'paypal', 'bank'])[1 + g % 4],
                 v.amount, 1000, (v.amount * 1000 + 5000) / 10000,
                 v.amount - (v.amount * 1000 + 5000) / 10000,
                 now() - interval '1 minute'
                   - ((g - 1)::float8 / ${seriesEnd}) * interval '${historyDays} days',
                 'Buyer ' || b.n, b.country, l.locale,
                 b.n % 3 = 0,
                 case when g % 3 = 0 then null else (${sqlArray(saleSources)})[1 + g % ${saleSources.length}] end,
                 null, null,
                 case when g % 2 = 0 then null else (${sqlArray(campaigns)})[1 + (g / 2) % ${campaigns.length}] end
          from generate_series(1, ${seriesEnd}) g
          cross join lateral (select g % ${buyers} as n,
                                     (${sqlArray(countries)})[1 + (g % ${buyers}) % ${countries.length}] as country) b
          cross join lateral (select (${sqlArray(Object.values(localeOf))})[array_position(${sqlArray(Object.keys(localeOf))}, b.country)] as locale) l
          cross join lateral (select (1000 + (g::bigint * 7919) % 99001) as amount) v
          join bench_products p on p.seller_no = ${sellerNo}
            and p.product_no = ${textHash(`'product' || g`)}
                               % case when p.seller_no = 0 then ${size.bigProducts}
                                      else ${size.otherProducts} end`);
      await insert('big', size.sales, '0', size.customers);
      if (size.otherSellers > 0) {
        // Each other seller has its own sales, to buyers some of whom also buy from the big one.
        await insert(
          'other',
          size.otherSellers * size.salesPerOtherSeller,
          `1 + g % ${size.otherSellers}`,
          Math.max(1, Math.round(size.salesPerOtherSeller / 3)),
        );
      }
    });
    return seller;
  });

  const buckets = await withClient(databaseUrl, (client) =>
    timed(seconds, 'view buckets', async () => {
      // Every product has views every day of the last `viewDays`: a bucket per source, campaign
      // and country that brought any (about one combination in six on a given day), views
      // from 1 to 400.
      await client.query(
        `insert into product_views_daily (product_id, seller_id, day, source, campaign, country, views)
         select p.id, p.seller_id, (now() at time zone $1)::date - d, s, c, k,
                1 + ${textHash('p.id::text || d || s || c || k')} % 400
         from products p, generate_series(0, $2::int - 1) d,
              unnest(${sqlArray([...new Set(viewSources)])}) s,
              unnest(${sqlArray([...new Set(viewCampaigns)])}) c,
              unnest(${sqlArray([...new Set(viewCountries)])}) k
         where ${textHash(`p.id::text || d || s || c || k || 'seen'`)} % 6 = 0`,
        [timeZone, size.viewDays],
      );
      const { rows } = await client.query<{ all: string; seller: string }>(
        `select count(*) as all, count(*) filter (where seller_id = $1) as seller
         from product_views_daily`,
        [sellerId],
      );
      return { all: Number(rows[0]?.all ?? 0), seller: Number(rows[0]?.seller ?? 0) };
    }),
  );

  // The customers, like the rollups and the sellers' view sums, are the server's own rebuild
  // from the sales and the view buckets.
  await rebuildRollupsAndVacuum(databaseUrl, timeZone, seconds);

  const counted = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ customers: number; sales: number }>(
      `select (select count(*)::int from customers where seller_id = $1) as customers,
              (select count(*)::int from sales) as sales`,
      [sellerId],
    );
    return rows[0] as { customers: number; sales: number };
  });
  if (counted.customers !== size.customers) {
    throw new Error(`the seller has ${counted.customers} customers, not ${size.customers}`);
  }
  return {
    sellerId,
    productIds,
    customers: counted.customers,
    sales: size.sales,
    totalSales: counted.sales,
    viewBuckets: buckets.all,
    sellerViewBuckets: buckets.seller,
    seconds,
  };
}

/** The local day `daysAgo` days before today, `yyyy-MM-dd`. */
function localDay(daysAgo: number): string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return format.format(new Date(Date.now() - daysAgo * 86_400_000));
}

interface Call {
  label: string;
  path: string;
  kind: 'page' | 'export' | 'conversion';
}

/** The calls measured: list pages, searches, filters, exports and the conversion report. */
async function callsOf(
  base: string,
  headers: Record<string, string>,
  dataset: Dataset,
): Promise<Call[]> {
  const calls: Call[] = [];
  const lastPage = async (query: string) => {
    const response = await fetch(`${base}/api/customers?${query}&limit=${pageLimit}`, {
      headers,
    });
    if (!response.ok) throw new Error(`customers ${query}: ${response.status}`);
    const { pagination } = (await response.json()) as { pagination: { totalPages: number } };
    return Math.max(1, pagination.totalPages);
  };
  const pages = async (label: string, query: string, middle: boolean) => {
    const last = await lastPage(query);
    const chosen: [string, number][] = [
      ['first', 1],
      ...(middle ? [['middle', Math.max(1, Math.ceil(last / 2))] as [string, number]] : []),
      ['last', last],
    ];
    for (const [name, page] of chosen) {
      calls.push({
        label: `${label} ${name} (p. ${page})`,
        path: `/api/customers?${query}&page=${page}&limit=${pageLimit}`,
        kind: 'page',
      });
    }
  };
  for (const sort of sorts) await pages(`list by ${sort}`, `sort=${sort}`, true);
  // buyer1234 matches buyer1234 and buyer12340…buyer12349: a few; the other none at all, so
  // every one of the seller's customers is looked at.
  await pages('search "buyer1234"', 'query=buyer1234', false);
  await pages('search "Buyer 4321"', `query=${encodeURIComponent('Buyer 4321')}`, false);
  await pages('search with no match', 'query=nobody-at-all', false);
  await pages('country JP', 'country=JP', false);
  await pages('consent granted', 'consent=granted', false);
  const productId = dataset.productIds[Math.floor(dataset.productIds.length / 2)] ?? '';
  await pages('one product', `productId=${productId}`, false);
  await pages(
    'country KR, consent granted, by totalNet',
    'country=KR&consent=granted&sort=totalNet',
    false,
  );
  calls.push(
    { label: 'export, all customers', path: '/api/customers/export', kind: 'export' },
    { label: 'export, country JP', path: '/api/customers/export?country=JP', kind: 'export' },
  );
  const from = localDay(reportDays - 1);
  const to = localDay(0);
  for (const groupBy of groupings) {
    calls.push({
      label: `conversion, ${reportDays} days, by ${groupBy}`,
      path: `/api/analytics/conversion?from=${from}&to=${to}&groupBy=${groupBy}`,
      kind: 'conversion',
    });
  }
  return calls;
}

const exportAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One streamed GET: the time to the first byte of the body, and to its end. */
function timedDownload(
  url: string,
  headers: Record<string, string>,
): Promise<{ firstByteMs: number; totalMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = Number.NaN;
    let bytes = 0;
    const request = http.get(url, { agent: exportAgent, headers }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
      });
      response.on('end', () =>
        resolve({ firstByteMs, totalMs: performance.now() - started, bytes }),
      );
    });
    request.on('error', reject);
  });
}

interface Plan {
  call: string;
  sql: string;
  plan: string;
}

/**
 * What each call sends PostgreSQL, read on the wire from a copy of the server, then explained
 * with its own values. The calls are made twice: the second time is kept (statements prepared).
 */
async function explainCalls(
  scratch: ScratchDatabase,
  headers: Record<string, string>,
  calls: Call[],
): Promise<Plan[]> {
  const target = new URL(scratch.databaseUrl);
  const proxy = await startWireCapture({ host: target.hostname, port: Number(target.port) });
  const viaProxy = new URL(scratch.databaseUrl);
  viaProxy.port = String(proxy.port);
  const server = await startServer({
    dataDir: scratch.dataDir,
    databaseUrl: viaProxy.toString(),
    env: { JWT_SECRET: benchJwtSecret, TIME_ZONE: timeZone, JOB_WORKER: 'off' },
    quiet: true,
  });
  const captured: { call: string; statements: CapturedStatement[] }[] = [];
  try {
    for (const call of calls) {
      for (let attempt = 0; attempt < 2; attempt++) {
        proxy.take();
        const response = await fetch(`${server.base}${call.path}`, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${call.path}: ${response.status}`);
      }
      captured.push({ call: call.label, statements: proxy.take() });
    }
  } finally {
    await server.stop();
    await proxy.close();
  }
  return withClient(scratch.databaseUrl, async (client) => {
    const plans: Plan[] = [];
    for (const { call, statements } of captured) {
      // The export's keyset pages are one statement: its first two pages are enough.
      const seen = new Set<string>();
      for (const statement of statements) {
        if (seen.has(statement.text)) continue;
        seen.add(statement.text);
        // The reads only: the session's own statements (begin, the token check) are elsewhere.
        if (!/^\s*(select|with)\b/i.test(statement.text)) continue;
        if (/from "?seller_sessions"?|from "?sellers"?\s/i.test(statement.text)) continue;
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        plans.push({
          call,
          sql: statement.text,
          plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
        });
      }
    }
    return plans;
  });
}

function plansMarkdown(plans: Plan[], missed: Set<string>): string {
  return plans
    .map(
      ({ call, sql: text, plan }) =>
        `#### ${call}${missed.has(call) ? ' (target missed)' : ''}\n\n\`\`\`sql\n${text.replace(/\n\s+/g, '\n  ').trim()}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\``,
    )
    .join('\n\n');
}

export async function customersScenario({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const size = sizes(quick);
  const scratch = await scratchDatabase('customers');
  try {
    const dataset = await generate(scratch.databaseUrl, size);
    const token = await sessionToken(scratch.databaseUrl, dataset.sellerId);
    const headers = { authorization: `Bearer ${token}` };
    const server = await startSeededServer(scratch, { TIME_ZONE: timeZone });
    const metrics: Metric[] = [];
    const timings: Record<string, unknown> = {};
    const missed = new Set<string>();
    const target = (label: string, value: number) => {
      if (quick) return {};
      const verdict = check(value, '<', targetMs);
      if (!verdict.pass) missed.add(label);
      return verdict;
    };
    let calls: Call[];
    try {
      calls = await callsOf(server.base, headers, dataset);
      for (const call of calls) {
        const url = `${server.base}${call.path}`;
        if (call.kind !== 'export') {
          const timing = await sampleGet(url, headers, {
            warmup: size.warmup,
            samples: size.samples,
          });
          timings[call.label] = { path: call.path, ...timing };
          metrics.push({
            name: `${call.label} p95`,
            value: timing.p95,
            unit: 'ms',
            ...target(call.label, timing.p95),
          });
          continue;
        }
        // The export streams the file a keyset page at a time: its first page must come as
        // fast as a list page; the whole file is reported with its rate.
        const runs: { firstByteMs: number; totalMs: number; bytes: number }[] = [];
        for (let i = 0; i < 1 + size.exportSamples; i++) {
          const run = await timedDownload(url, headers);
          if (i > 0) runs.push(run);
        }
        const firstBytes = runs.map((run) => run.firstByteMs).sort((a, b) => a - b);
        const totals = runs.map((run) => run.totalMs).sort((a, b) => a - b);
        // Lines of the file less its header (each line ends with a line break).
        const rows = (await (await fetch(url, { headers })).text()).split('\n').length - 2;
        const firstByte = round(percentile(firstBytes, 95));
        const whole = round(percentile(totals, 50));
        timings[call.label] = { path: call.path, firstBytes, totals, rows, bytes: runs[0]?.bytes };
        metrics.push(
          {
            name: `${call.label}: first byte p95`,
            value: firstByte,
            unit: 'ms',
            ...target(call.label, firstByte),
          },
          {
            name: `${call.label}: whole file (${rows} customers), median`,
            value: whole,
            unit: 'ms',
          },
          {
            name: `${call.label}: customers per second`,
            value: round(rows / (whole / 1000), 0),
            unit: '/s',
          },
        );
      }
    } finally {
      await server.stop();
    }
    const plans = await explainCalls(scratch, headers, calls);
    return {
      scenario: `customers and conversion (PostgreSQL, ${dataset.customers.toLocaleString('en')} customers and ${dataset.sales.toLocaleString('en')} sales of one seller, ${dataset.totalSales.toLocaleString('en')} sales in all)`,
      metrics,
      details: { dataset: { ...dataset, productIds: undefined }, size, timings },
      markdown: plansMarkdown(plans, missed),
    };
  } finally {
    await scratch.remove();
  }
}

if (isMain(import.meta.filename)) {
  const { runScenarios } = await import('../lib/harness.ts');
  const { results, failures } = await runScenarios(
    { customers: customersScenario },
    ['customers'],
    { quick: flag('quick') },
  );
  for (const { markdown, ...rest } of results) {
    for (const metric of rest.metrics) {
      console.log(
        `${metric.name.padEnd(64)} ${String(metric.value).padStart(9)} ${metric.unit} ${metric.target ?? ''} ${metric.pass === false ? 'MISSED' : ''}`,
      );
    }
    if (flag('details')) console.log(JSON.stringify(rest.details, null, 2));
    if (flag('plans')) console.log(markdown);
  }
  process.exit(failures.length > 0 ? 1 : 0);
}
