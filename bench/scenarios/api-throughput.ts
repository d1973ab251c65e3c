/**
 * Throughput on PostgreSQL: autocannon, 64 connections, against the real server (authenticated
 * `my-products` of a seller with 20 products, and `stats/sales`) and against a bare Fastify
 * JSON hello-world started the same way, in the same run. Hello-world runs before and after
 * the real endpoints and its mean is the baseline, so that drift on a shared machine shows.
 *
 *   npx tsx bench/scenarios/api-throughput.ts [--quick] [--duration 10]
 */
import autocannon from 'autocannon';
import {
  check,
  createDatabase,
  dropDatabase,
  flag,
  isMain,
  option,
  removeDir,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  startServer,
  tempDir,
} from '../lib/common.ts';
import {
  benchJwtSecret,
  insertSellerWithProducts,
  migrate,
  sessionToken,
  withClient,
} from '../lib/seed.ts';

export const connections = 64;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

export async function apiThroughput({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const seconds = Number(option('duration') ?? (quick ? 3 : 10));
  const warmupSeconds = quick ? 1 : 3;
  const databaseUrl = await createDatabase('bench_api');
  const dataDir = tempDir('bench-api');
  try {
    await migrate(databaseUrl);
    const { sellerId, productIds } = await withClient(databaseUrl, async (client) => {
      const seller = await insertSellerWithProducts(client, { products: 20 });
      // A few sales so that stats/sales reads non-empty rollups.
      await client.query(
        `insert into sales (order_id, seller_id, product_id, customer_email, payment_method, amount,
                            commission_rate_bp, commission_amount, net_amount, purchased_at)
         select 'bench-' || g, $1, ($2::uuid[])[1 + g % 20], 'buyer' || g || '@example.com', 'card',
                10000, 1000, 1000, 9000, now() - make_interval(hours => g)
         from generate_series(1, 500) g`,
        [seller.sellerId, seller.productIds],
      );
      return seller;
    });
    const token = await sessionToken(sellerId);
    const auth = { authorization: `Bearer ${token}` };

    const hello = await startServer({ script: 'bench/servers/hello-world.ts', readyPath: '/' });
    const server = await startServer({
      dataDir,
      databaseUrl,
      env: { JWT_SECRET: benchJwtSecret },
    });
    // The same server with the response cache off (decision 007): every read goes to PostgreSQL.
    const uncachedServer = await startServer({
      dataDir,
      databaseUrl,
      env: { JWT_SECRET: benchJwtSecret, RESPONSE_CACHE_SECONDS: '0' },
    });
    try {
      // The server must answer these for real, not with 401s.
      const probe = await fetch(`${server.base}/api/products/my-products`, { headers: auth });
      const body = (await probe.json()) as { products?: unknown[] };
      if (probe.status !== 200 || body.products?.length !== productIds.length) {
        throw new Error(`my-products answered ${probe.status}`);
      }
      await load(`${hello.base}/`, warmupSeconds);
      const helloBefore = await load(`${hello.base}/`, seconds);
      const endpoints = ['/api/products/my-products', '/api/products/stats/sales'];
      const measured: Record<string, Load> = {};
      for (const path of endpoints) {
        await load(`${server.base}${path}`, warmupSeconds, auth);
        measured[path] = await load(`${server.base}${path}`, seconds, auth);
      }
      // References without a target: the cheapest route that reaches the database (one
      // `select 1`, no token), i.e. the ceiling of any endpoint that reads PostgreSQL here; and
      // the same reads with the cache off.
      await load(`${server.base}/api/health`, warmupSeconds);
      const health = await load(`${server.base}/api/health`, seconds);
      const uncached: Record<string, Load> = {};
      for (const path of endpoints) {
        await load(`${uncachedServer.base}${path}`, warmupSeconds, auth);
        uncached[path] = await load(`${uncachedServer.base}${path}`, seconds, auth);
      }
      const helloAfter = await load(`${hello.base}/`, seconds);
      const baseline = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
      const metrics: ScenarioResult['metrics'] = [
        {
          name: 'hello-world req/s (mean of before/after)',
          value: round(baseline, 0),
          unit: 'req/s',
        },
        { name: 'hello-world p99', value: Math.max(helloBefore.p99, helloAfter.p99), unit: 'ms' },
      ];
      metrics.push(
        {
          name: 'health (select 1, no token) req/s',
          value: health.requestsPerSecond,
          unit: 'req/s',
        },
        {
          name: 'health ÷ hello-world',
          value: round(health.requestsPerSecond / baseline),
          unit: '×',
        },
      );
      for (const [path, result] of Object.entries(measured)) {
        const name = path.replace('/api/products/', '');
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        const ratio = result.requestsPerSecond / baseline;
        metrics.push(
          { name: `${name} req/s`, value: result.requestsPerSecond, unit: 'req/s' },
          {
            name: `${name} ÷ hello-world`,
            value: round(ratio),
            unit: '×',
            ...(quick ? {} : check(round(ratio), '≥', 0.5)),
          },
          {
            name: `${name} p99`,
            value: result.p99,
            unit: 'ms',
            ...(quick ? {} : check(result.p99, '<', 20)),
          },
        );
      }
      for (const [path, result] of Object.entries(uncached)) {
        const name = path.replace('/api/products/', '');
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name} (cache off): ${result.non2xx} non-2xx, ${result.errors} errors`);
        }
        metrics.push(
          { name: `${name}, cache off, req/s`, value: result.requestsPerSecond, unit: 'req/s' },
          {
            name: `${name}, cache off, ÷ hello-world`,
            value: round(result.requestsPerSecond / baseline),
            unit: '×',
          },
          { name: `${name}, cache off, p99`, value: result.p99, unit: 'ms' },
        );
      }
      return {
        scenario: `API throughput (PostgreSQL, ${connections} connections, ${seconds} s)`,
        metrics,
        details: {
          seconds,
          connections,
          helloBefore,
          helloAfter,
          health,
          ...measured,
          uncached,
        },
      };
    } finally {
      await uncachedServer.stop();
      await server.stop();
      await hello.stop();
    }
  } finally {
    removeDir(dataDir);
    await dropDatabase(databaseUrl);
  }
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await apiThroughput({ quick: flag('quick') }), null, 2));
}
