/**
 * Scale: 1,000,000 sales of one seller and 5,000,000 in all (many sellers and products), made
 * with SQL (generate_series, INSERT … SELECT, indexes built after the load), the rollups rebuilt
 * with the server's own rebuild, then VACUUM ANALYZE. Then, over HTTP against the real server,
 * sequential samples of every sales read: stats, daily chart, by product, and the first, middle
 * and last transactions page of each period. The plans (EXPLAIN ANALYZE, BUFFERS) of the
 * queries the sales repository runs are captured by calling the service on a database handle
 * that explains each statement before running it.
 *
 *   npx tsx bench/scenarios/scale.ts [--quick] [--sales 1000000 --total 5000000]
 */
import type { SalesPeriod } from '@seller/contract/limits';
import { transactionsResponseSchema } from '@seller/contract/sales/get-transactions';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createHotStatements } from '../../apps/api/src/db/hot-statements.ts';
import { createSalesRepository } from '../../apps/api/src/modules/sales/sales.repository.ts';
import { createSalesService } from '../../apps/api/src/modules/sales/sales.service.ts';
import { loadSales, rebuildRollupsAndVacuum, timed } from '../lib/bulk-sales.ts';
import {
  check,
  flag,
  isMain,
  option,
  type ScenarioOptions,
  type ScenarioResult,
  sampleGet,
} from '../lib/common.ts';
import { scratchDatabase, sessionToken, startSeededServer, withClient } from '../lib/seed.ts';

const timeZone = 'Asia/Seoul';
const periods: SalesPeriod[] = ['all', 'today', 'week', 'month'];
const pageLimit = 20;
const historyDays = 3 * 365;

interface Dataset {
  bigSellerId: string;
  bigSales: number;
  totalSales: number;
  sellers: number;
  products: number;
  seconds: Record<string, number>;
}

/** Sellers and products first; then the sales, without indexes; then indexes, rollups, VACUUM. */
async function generate(
  databaseUrl: string,
  bigSales: number,
  totalSales: number,
): Promise<Dataset> {
  const otherSellers = 99;
  const bigProducts = 50;
  const otherProducts = 10;
  const otherSales = totalSales - bigSales;
  const seconds: Record<string, number> = {};
  const bigSellerId = await withClient(databaseUrl, async (client) => {
    const seller = await timed(seconds, 'sellers and products', async () => {
      await client.query(
        `insert into sellers (email, nickname, password_hash, created_at)
         select 'bench-seller-' || n || '@example.com', 'bench_seller_' || n, 'bench-no-password',
                now() - interval '4 years'
         from generate_series(0, $1::int) n`,
        [otherSellers],
      );
      await client.query(`
        create temporary table bench_products as
        with numbered as (
          select id as seller_id, (regexp_match(email, 'bench-seller-(\\d+)@'))[1]::int as seller_no
          from sellers
        )
        select seller_no, product_no, seller_id, gen_random_uuid() as product_id
        from numbered, generate_series(0, case when seller_no = 0 then ${bigProducts - 1} else ${otherProducts - 1} end) product_no`);
      await client.query(`
        insert into products (id, seller_id, title, description, price, status, created_at)
        select product_id, seller_id, 'Product ' || seller_no || '-' || product_no, '', 5 + product_no,
               'active', now() - interval '4 years' + make_interval(days => product_no)
        from bench_products`);
      const { rows } = await client.query<{ seller_id: string }>(
        `select seller_id from bench_products where seller_no = 0 limit 1`,
      );
      return (rows[0] as { seller_id: string }).seller_id;
    });

    await loadSales(client, seconds, async () => {
      // The newest sale is a minute old and the rest spread evenly over three years, so that
      // today, this week and this month all hold sales. Amounts vary from 1,000 to 100,000 KRW.
      const insert = (from: string, seriesEnd: number, sellerNo: string, productNo: string) =>
        client.query(`
          insert into sales (order_id, seller_id, product_id, customer_email, payment_method,
                             amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
          select 'bench-${from}-' || g, p.seller_id, p.product_id,
                 'buyer' || (g % 50000) || '@example.com',
                 (array['card', 'alipay', 'paypal', 'bank'])[1 + g % 4],
                 v.amount, 1000, (v.amount * 1000 + 5000) / 10000,
                 v.amount - (v.amount * 1000 + 5000) / 10000,
                 now() - interval '1 minute'
                   - ((g - 1)::float8 / ${seriesEnd}) * interval '${historyDays} days'
          from generate_series(1, ${seriesEnd}) g
          cross join lateral (select (1000 + (g::bigint * 7919) % 99001) as amount) v
          join bench_products p on p.seller_no = ${sellerNo} and p.product_no = ${productNo}`);
      await insert('big', bigSales, '0', `g % ${bigProducts}`);
      if (otherSales > 0) {
        await insert(
          'other',
          otherSales,
          `1 + g % ${otherSellers}`,
          `(g / ${otherSellers}) % ${otherProducts}`,
        );
      }
    });
    return seller;
  });

  await rebuildRollupsAndVacuum(databaseUrl, timeZone, seconds);
  return {
    bigSellerId,
    bigSales,
    totalSales,
    sellers: otherSellers + 1,
    products: bigProducts + otherSellers * otherProducts,
    seconds,
  };
}

interface Plan {
  call: string;
  sql: string;
  plan: string;
}

/** Runs the service's reads on hot statements that explain each one before running it. */
async function explainAll(databaseUrl: string, sellerId: string): Promise<Plan[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  const plans: Plan[] = [];
  let call = '';
  let recording = false;
  // Every read of the sales repository is a hot statement: the same runner, each statement
  // explained (unnamed, so that its plan is made for these values) before it runs.
  const { run } = database.statements;
  const explaining = createHotStatements(async (statement) => {
    if (recording) {
      const explained = await run({
        text: `explain (analyze, buffers) ${statement.text}`,
        values: statement.values,
      });
      plans.push({
        call,
        sql: statement.text,
        plan: explained.map((row) => String(row['QUERY PLAN'])).join('\n'),
      });
    }
    return run(statement);
  });
  const service = createSalesService({
    sales: createSalesRepository(explaining, timeZone),
    timeZone,
  });
  const record = async (label: string, work: () => Promise<unknown>) => {
    recording = false;
    await work(); // warm the cache, as the HTTP samples are
    recording = true;
    call = label;
    await work();
    recording = false;
  };
  try {
    await record('GET /api/products/stats/sales', () => service.stats(sellerId));
    await record('GET /api/products/stats/sales/daily?days=30', () => service.daily(sellerId, 30));
    await record('GET /api/products/stats/sales/daily?days=365', () =>
      service.daily(sellerId, 365),
    );
    await record('GET /api/products/stats/sales/by-product', () => service.byProduct(sellerId));
    for (const period of periods) {
      // The page comes as the answer's JSON text, as the route sends it.
      const { pagination } = transactionsResponseSchema.parse(
        JSON.parse(await service.transactions(sellerId, { page: 1, limit: pageLimit, period })),
      );
      for (const [name, page] of pageChoices(pagination.totalPages)) {
        await record(
          `GET /api/products/sales/transactions?period=${period}&page=${page}&limit=${pageLimit} (${name})`,
          () => service.transactions(sellerId, { page, limit: pageLimit, period }),
        );
      }
    }
  } finally {
    await database.close();
  }
  return plans;
}

function pageChoices(totalPages: number): [string, number][] {
  const last = Math.max(1, totalPages);
  return [
    ['first', 1],
    ['middle', Math.max(1, Math.ceil(last / 2))],
    ['last', last],
  ];
}

export async function scale({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const bigSales = Number(option('sales') ?? (quick ? 40_000 : 1_000_000));
  const totalSales = Number(option('total') ?? (quick ? 50_000 : 5_000_000));
  const warmup = quick ? 3 : 5;
  const samples = quick ? 20 : 50;
  const scratch = await scratchDatabase('scale');
  const { databaseUrl } = scratch;
  try {
    const dataset = await generate(databaseUrl, bigSales, totalSales);
    const plans = await explainAll(databaseUrl, dataset.bigSellerId);
    const token = await sessionToken(databaseUrl, dataset.bigSellerId);
    const headers = { authorization: `Bearer ${token}` };
    const server = await startSeededServer(scratch, { TIME_ZONE: timeZone });
    const metrics: ScenarioResult['metrics'] = [];
    const timings: Record<string, unknown> = {};
    try {
      const measure = async (label: string, path: string) => {
        const timing = await sampleGet(`${server.base}${path}`, headers, { warmup, samples });
        timings[label] = { path, ...timing };
        metrics.push({
          name: `${label} p95`,
          value: timing.p95,
          unit: 'ms',
          ...(quick ? {} : check(timing.p95, '<', 15)),
        });
      };
      await measure('stats/sales', '/api/products/stats/sales');
      await measure('daily (30 days)', '/api/products/stats/sales/daily?days=30');
      await measure('daily (365 days)', '/api/products/stats/sales/daily?days=365');
      await measure('by-product', '/api/products/stats/sales/by-product');
      const pages: Record<string, number> = {};
      for (const period of periods) {
        const first = await fetch(
          `${server.base}/api/products/sales/transactions?period=${period}&limit=${pageLimit}`,
          { headers },
        );
        const { pagination } = (await first.json()) as {
          pagination: { total: number; totalPages: number };
        };
        pages[period] = pagination.total;
        for (const [name, page] of pageChoices(pagination.totalPages)) {
          await measure(
            `transactions ${period} ${name} (p. ${page})`,
            `/api/products/sales/transactions?period=${period}&page=${page}&limit=${pageLimit}`,
          );
        }
      }
      return {
        scenario: `scale (PostgreSQL, ${bigSales.toLocaleString('en')} sales of one seller, ${totalSales.toLocaleString('en')} in all)`,
        metrics,
        details: { dataset, salesPerPeriod: pages, warmup, samples, timings },
        markdown: plansMarkdown(plans),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.remove();
  }
}

function statementRole(text: string): string {
  if (/total_count/.test(text)) return 'the count and the first page';
  if (/sum\(count\) over/.test(text)) return 'which day holds the page (seek)';
  if (/with page as/.test(text)) return 'the page';
  if (/seller_sales_totals/.test(text) && /union all/.test(text)) return 'summary figures';
  if (/generate_series/.test(text)) return 'days of the chart';
  if (/product_sales/.test(text)) return 'per product';
  return 'total (pagination)';
}

function plansMarkdown(plans: Plan[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const { call, sql: text, plan } of plans) {
    // The count of a period is the same statement on every page: show it once.
    const key = `${text}`;
    const repeated = seen.has(key) && !/offset/i.test(text);
    seen.add(key);
    if (repeated) continue;
    parts.push(
      `#### ${call}: ${statementRole(text)}\n\n\`\`\`sql\n${text.replace(/\n\s+/g, '\n  ').trim()}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\``,
    );
  }
  return parts.join('\n\n');
}

if (isMain(import.meta.filename)) {
  const result = await scale({ quick: flag('quick') });
  const { markdown, ...rest } = result;
  console.log(JSON.stringify(rest, null, 2));
  if (flag('plans')) console.log(markdown);
}
