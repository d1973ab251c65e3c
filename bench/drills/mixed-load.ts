/**
 * Drill: 200 connections for 60 s of mixed reads and writes, zero errors.
 *
 *   npx tsx bench/drills/mixed-load.ts [--quick] [--seconds 60] [--connections 200] [--sellers 40]
 *
 * The real server on a fresh PostgreSQL database; sellers and products are made through the
 * API. Then `connections` keep-alive sockets (a node:http agent, one request at a time per
 * socket, like autocannon's connections) send a weighted mix: authenticated reads (profile,
 * my-products, product detail, product stats, sales stats, transactions, daily sales) and
 * writes (profile updates, product updates toggling status, signed purchases, product views).
 * Reported: requests, network errors, responses by status, p50/p90/p99/max latency per
 * operation. The target is zero errors and zero non-2xx; afterwards the sales written under
 * load are checked against the rollups like in the PostgreSQL restart drill.
 */
import { round } from '../lib/common.ts';
import { withClient } from '../lib/seed.ts';
import {
  argument,
  Checks,
  createProduct,
  drillScratch,
  type HttpResponse,
  log,
  percentile,
  quick,
  type RunningServer,
  recordResult,
  request,
  rollupMismatches,
  runPostgresDrill,
  type Seller,
  signedPost,
  signUp,
  startServer,
} from './lib.ts';

const seconds = Number(argument('seconds') ?? (quick ? 10 : 60));
const connections = Number(argument('connections') ?? (quick ? 50 : 200));
const sellerCount = Number(argument('sellers') ?? (quick ? 8 : 40));
const productsPerSeller = 2;

interface Shop {
  seller: Seller;
  products: { id: string; status: 'active' | 'inactive'; title: string }[];
}

type Operation = (shop: Shop, pick: <T>(items: T[]) => T) => Promise<HttpResponse>;

async function main() {
  const checks = new Checks();
  const scratch = await drillScratch('load', connections);
  const { agent, databaseUrl } = scratch;
  let server: RunningServer | undefined;
  try {
    server = await startServer(scratch);
    const base = server.base;

    // Set-up through the API, four at a time.
    const shops: Shop[] = [];
    const queue = Array.from({ length: sellerCount }, (_, index) => index);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          const seller = await signUp(base, 'drillload');
          const products: Shop['products'] = [];
          for (let n = 0; n < productsPerSeller; n++) {
            const detail = await createProduct(base, seller.token);
            products.push({ id: detail.product.id, status: 'active', title: detail.product.title });
          }
          shops.push({ seller, products });
        }
      }),
    );
    log(`${shops.length} sellers, ${shops.length * productsPerSeller} products`);

    let orderSequence = 0;
    const runId = Math.random().toString(36).slice(2, 8);
    const acknowledgedOrders: { amount: number; shop: Shop }[] = [];
    const get = (url: string, shop: Shop) =>
      request(base, 'GET', url, { token: shop.seller.token, agent });
    const operations: { name: string; weight: number; run: Operation }[] = [
      { name: 'profile', weight: 12, run: (shop) => get('/api/auth/profile', shop) },
      { name: 'my-products', weight: 12, run: (shop) => get('/api/products/my-products', shop) },
      {
        name: 'product-detail',
        weight: 14,
        run: (shop, pick) => get(`/api/products/${pick(shop.products).id}`, shop),
      },
      {
        name: 'product-stats',
        weight: 5,
        run: (shop) => get('/api/products/stats/products', shop),
      },
      { name: 'sales-stats', weight: 10, run: (shop) => get('/api/products/stats/sales', shop) },
      {
        name: 'transactions',
        weight: 10,
        run: (shop) => get('/api/products/sales/transactions?page=1&limit=20&period=all', shop),
      },
      {
        name: 'daily-sales',
        weight: 5,
        run: (shop) => get('/api/products/stats/sales/daily?days=30', shop),
      },
      {
        name: 'update-profile',
        weight: 5,
        run: (shop) =>
          request(base, 'PUT', '/api/auth/profile', {
            token: shop.seller.token,
            agent,
            json: { nickname: shop.seller.nickname, bio: `bio ${Math.random()}` },
          }),
      },
      {
        name: 'toggle-status',
        weight: 5,
        run: async (shop, pick) => {
          const product = pick(shop.products);
          const status = product.status === 'active' ? 'inactive' : 'active';
          product.status = status;
          return request(base, 'PUT', `/api/products/${product.id}`, {
            token: shop.seller.token,
            agent,
            json: { title: product.title, status },
          });
        },
      },
      {
        name: 'purchase',
        weight: 15,
        run: async (shop, pick) => {
          orderSequence += 1;
          const amount = 1000 + Math.floor(Math.random() * 50_000);
          const response = await signedPost(
            base,
            '/api/internal/purchases',
            {
              orderId: `load-${runId}-${orderSequence}`,
              productId: pick(shop.products).id,
              customerEmail: `buyer${orderSequence}@example.com`,
              paymentMethod: 'card',
              amount,
            },
            agent,
          );
          if (response.status === 201) acknowledgedOrders.push({ amount, shop });
          return response;
        },
      },
      {
        name: 'view',
        weight: 7,
        run: (shop, pick) =>
          signedPost(
            base,
            `/api/internal/products/${pick(shop.products).id}/views`,
            undefined,
            agent,
          ),
      },
    ];
    const totalWeight = operations.reduce((sum, op) => sum + op.weight, 0);
    const chooseOperation = () => {
      let ticket = Math.random() * totalWeight;
      for (const op of operations) {
        ticket -= op.weight;
        if (ticket < 0) return op;
      }
      return operations[0] as (typeof operations)[number];
    };
    const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

    const latencies: number[] = [];
    const perOperation = new Map<
      string,
      { latencies: number[]; statuses: Record<string, number> }
    >();
    const statuses: Record<string, number> = {};
    const errors: Record<string, number> = {};
    const samples: string[] = [];
    const started = Date.now();
    const ends = started + seconds * 1000;
    log(`load: ${connections} connections for ${seconds} s`);
    const connection = async () => {
      while (Date.now() < ends) {
        const op = chooseOperation();
        const shop = pick(shops);
        const entry = perOperation.get(op.name) ?? { latencies: [], statuses: {} };
        perOperation.set(op.name, entry);
        const begin = performance.now();
        try {
          const response = await op.run(shop, pick);
          const elapsed = performance.now() - begin;
          latencies.push(elapsed);
          entry.latencies.push(elapsed);
          const key = String(response.status);
          statuses[key] = (statuses[key] ?? 0) + 1;
          entry.statuses[key] = (entry.statuses[key] ?? 0) + 1;
          if ((response.status < 200 || response.status >= 300) && samples.length < 10) {
            samples.push(
              `${op.name} ${response.status} ${response.body.toString('utf8').slice(0, 200)}`,
            );
          }
        } catch (error) {
          const key = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          errors[key] = (errors[key] ?? 0) + 1;
          entry.statuses.error = (entry.statuses.error ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, connection));
    const elapsedSeconds = (Date.now() - started) / 1000;

    const summarise = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
      };
    };
    const requests = latencies.length + Object.values(errors).reduce((a, b) => a + b, 0);
    const nonSuccess = Object.fromEntries(
      Object.entries(statuses).filter(([status]) => !status.startsWith('2')),
    );
    const errorCount = Object.values(errors).reduce((a, b) => a + b, 0);
    const fiveHundreds = Object.entries(statuses)
      .filter(([status]) => status.startsWith('5'))
      .reduce((sum, [, n]) => sum + n, 0);
    checks.check(errorCount === 0, `no network error (${JSON.stringify(errors)})`);
    checks.check(
      Object.keys(nonSuccess).length === 0,
      `no non-2xx answer (${JSON.stringify(nonSuccess)})`,
    );
    checks.check(fiveHundreds === 0, `no 5xx (${fiveHundreds})`);

    // The money written under load adds up.
    const consistency = await withClient(databaseUrl, async (client) => ({
      salesRows: Number((await client.query('select count(*) n from sales')).rows[0]?.n),
      rollupMismatches: await rollupMismatches(client),
    }));
    checks.check(
      consistency.salesRows === acknowledgedOrders.length,
      `sales rows (${consistency.salesRows}) = acknowledged purchases (${acknowledgedOrders.length})`,
    );
    checks.check(
      Object.values(consistency.rollupMismatches).every((differing) => differing === 0),
      `rollups equal the sums over sales (${JSON.stringify(consistency.rollupMismatches)})`,
    );
    const errorLines = server.lines.filter((line) => /"level":(50|60)/.test(line));
    checks.check(errorLines.length === 0, `no error logged by the server (${errorLines.length})`);

    const result = {
      measuredAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      database: 'postgres',
      connections,
      seconds: round(elapsedSeconds, 1),
      sellers: shops.length,
      products: shops.length * productsPerSeller,
      requests,
      requestsPerSecond: round(requests / elapsedSeconds, 0),
      errors: errorCount,
      errorsByKind: errors,
      nonSuccessByStatus: nonSuccess,
      statuses,
      latencyMs: summarise(latencies),
      operations: Object.fromEntries(
        [...perOperation.entries()].map(([name, entry]) => [
          name,
          {
            requests: entry.latencies.length,
            statuses: entry.statuses,
            ...summarise(entry.latencies),
          },
        ]),
      ),
      purchasesAcknowledged: acknowledgedOrders.length,
      consistency,
      samples,
      ok: checks.ok,
      failed: checks.failed,
    };
    recordResult('mixed-load', result);
    log(
      `${requests} requests in ${round(elapsedSeconds, 1)} s (${result.requestsPerSecond}/s), ` +
        `errors ${errorCount}, non-2xx ${JSON.stringify(nonSuccess)}, ` +
        `p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
    );
    checks.conclude();
  } finally {
    await scratch.close(server);
  }
}

await runPostgresDrill('mixed-load', main);
