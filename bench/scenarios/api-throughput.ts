/**
 * Throughput on PostgreSQL: autocannon, 64 connections, against the real server (authenticated
 * `my-products` of a seller with 20 products, and `stats/sales`) and against a bare Fastify
 * JSON hello-world started the same way, in the same run. Each endpoint and hello-world run in
 * alternating 2-second slices, so that drift on a shared machine affects both alike.
 *
 *   npx tsx bench/scenarios/api-throughput.ts [--quick] [--duration 10]
 */
import autocannon from 'autocannon';
import {
  check,
  flag,
  isMain,
  option,
  percentile,
  round,
  type ScenarioOptions,
  type ScenarioResult,
  startServer,
} from '../lib/common.ts';
import { scratchDatabase, seedSeller, startSeededServer, withClient } from '../lib/seed.ts';

export const connections = 64;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

interface Slice extends Load {
  /** Every response's time in ms, to take percentiles over several slices together. */
  latencies: number[];
}

async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Slice> {
  const latencies: number[] = [];
  const result = await autocannon({ url, connections, duration: seconds, headers }).on(
    'response',
    (_client, _status, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs);
    },
  );
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
    latencies,
  };
}

/** Slices of one target taken together: requests over the whole time, percentiles of all. */
function combine(slices: Slice[], seconds: number): Load {
  const total = slices.reduce((sum, slice) => sum + slice.total, 0);
  const latencies = slices.flatMap((slice) => slice.latencies).sort((a, b) => a - b);
  return {
    requestsPerSecond: round(total / seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p99: round(percentile(latencies, 99), 1),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    total,
  };
}

interface Paired {
  target: Load;
  hello: Load;
  ratio: number;
}

/**
 * The target and hello-world in alternating slices (2 s each; which goes first alternates too),
 * so that both see the same moments of a shared, noisy machine; the ratio is of their totals.
 */
async function paired(
  target: { url: string; headers?: Record<string, string> },
  helloUrl: string,
  seconds: number,
  warmupSeconds: number,
): Promise<Paired> {
  const sliceSeconds = Math.min(2, seconds);
  const slices = Math.max(1, Math.round(seconds / sliceSeconds));
  await load(target.url, warmupSeconds, target.headers);
  const targetSlices: Slice[] = [];
  const helloSlices: Slice[] = [];
  for (let slice = 0; slice < slices; slice++) {
    const runTarget = async () => {
      targetSlices.push(await load(target.url, sliceSeconds, target.headers));
    };
    const runHello = async () => {
      helloSlices.push(await load(helloUrl, sliceSeconds));
    };
    if (slice % 2 === 0) {
      await runHello();
      await runTarget();
    } else {
      await runTarget();
      await runHello();
    }
  }
  const measuredSeconds = slices * sliceSeconds;
  const targetLoad = combine(targetSlices, measuredSeconds);
  const helloLoad = combine(helloSlices, measuredSeconds);
  return {
    target: targetLoad,
    hello: helloLoad,
    ratio: round(targetLoad.requestsPerSecond / helloLoad.requestsPerSecond),
  };
}

export async function apiThroughput({ quick }: ScenarioOptions): Promise<ScenarioResult> {
  const seconds = Number(option('duration') ?? (quick ? 2 : 10));
  const warmupSeconds = quick ? 1 : 3;
  const scratch = await scratchDatabase('api');
  try {
    const { sellerId, productIds, token } = await seedSeller(scratch, 20);
    // A few sales so that stats/sales reads non-empty rollups.
    await withClient(scratch.databaseUrl, (client) =>
      client.query(
        `insert into sales (order_id, seller_id, product_id, customer_email, payment_method, amount,
                            commission_rate_bp, commission_amount, net_amount, purchased_at)
         select 'bench-' || g, $1, ($2::uuid[])[1 + g % 20], 'buyer' || g || '@example.com', 'card',
                10000, 1000, 1000, 9000, now() - make_interval(hours => g)
         from generate_series(1, 500) g`,
        [sellerId, productIds],
      ),
    );
    const auth = { authorization: `Bearer ${token}` };

    const hello = await startServer({ script: 'bench/servers/hello-world.ts', readyPath: '/' });
    const server = await startSeededServer(scratch);
    // The same server with the response cache off (decision 007): every read goes to PostgreSQL.
    const uncachedServer = await startSeededServer(scratch, { RESPONSE_CACHE_SECONDS: '0' });
    try {
      // The server must answer these for real, not with 401s.
      const probe = await fetch(`${server.base}/api/products/my-products`, { headers: auth });
      const body = (await probe.json()) as { products?: unknown[] };
      if (probe.status !== 200 || body.products?.length !== productIds.length) {
        throw new Error(`my-products answered ${probe.status}`);
      }
      const helloUrl = `${hello.base}/`;
      await load(helloUrl, warmupSeconds);
      const run = (base: string, path: string, headers?: Record<string, string>) =>
        paired({ url: `${base}${path}`, headers }, helloUrl, seconds, warmupSeconds);
      const endpoints = ['/api/products/my-products', '/api/products/stats/sales'];
      const measured: Record<string, Paired> = {};
      for (const path of endpoints) measured[path] = await run(server.base, path, auth);
      // References without a target: the cheapest route that reaches the database (one
      // `select 1`, no token), i.e. the ceiling of any endpoint that reads PostgreSQL here; and
      // the same reads with the cache off.
      const health = await run(server.base, '/api/health');
      const uncached: Record<string, Paired> = {};
      for (const path of endpoints) uncached[path] = await run(uncachedServer.base, path, auth);

      const all = [...Object.values(measured), health, ...Object.values(uncached)];
      const helloRate = round(
        all.reduce((sum, pair) => sum + pair.hello.requestsPerSecond, 0) / all.length,
        0,
      );
      const metrics: ScenarioResult['metrics'] = [
        { name: 'hello-world req/s (mean of its slices)', value: helloRate, unit: 'req/s' },
        {
          name: 'hello-world p99',
          value: Math.max(...all.map((pair) => pair.hello.p99)),
          unit: 'ms',
        },
        {
          name: 'health (select 1, no token) req/s',
          value: health.target.requestsPerSecond,
          unit: 'req/s',
        },
        { name: 'health ÷ hello-world', value: health.ratio, unit: '×' },
      ];
      const failures = (name: string, result: Load) => {
        if (result.non2xx > 0 || result.errors > 0) {
          throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
      };
      for (const [path, result] of Object.entries(measured)) {
        const name = path.replace('/api/products/', '');
        failures(name, result.target);
        metrics.push(
          { name: `${name} req/s`, value: result.target.requestsPerSecond, unit: 'req/s' },
          {
            name: `${name} ÷ hello-world`,
            value: result.ratio,
            unit: '×',
            ...(quick ? {} : check(result.ratio, '≥', 0.5)),
          },
          {
            name: `${name} p99`,
            value: result.target.p99,
            unit: 'ms',
            ...(quick ? {} : check(result.target.p99, '<', 20)),
          },
        );
      }
      for (const [path, result] of Object.entries(uncached)) {
        const name = path.replace('/api/products/', '');
        failures(`${name} (cache off)`, result.target);
        metrics.push(
          {
            name: `${name}, cache off, req/s`,
            value: result.target.requestsPerSecond,
            unit: 'req/s',
          },
          { name: `${name}, cache off, ÷ hello-world`, value: result.ratio, unit: '×' },
          { name: `${name}, cache off, p99`, value: result.target.p99, unit: 'ms' },
        );
      }
      return {
        scenario: `API throughput (PostgreSQL, ${connections} connections, ${seconds} s each)`,
        metrics,
        details: { seconds, connections, health, ...measured, uncached },
      };
    } finally {
      await uncachedServer.stop();
      await server.stop();
      await hello.stop();
    }
  } finally {
    await scratch.remove();
  }
}

if (isMain(import.meta.filename)) {
  console.log(JSON.stringify(await apiThroughput({ quick: flag('quick') }), null, 2));
}
