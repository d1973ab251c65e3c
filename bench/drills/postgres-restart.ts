/**
 * Drill: restart PostgreSQL while the member site's purchase feed is under load.
 *
 *   npx tsx bench/drills/postgres-restart.ts [--quick] [--seconds 40] [--concurrency 12]
 *
 * The real server runs on a fresh database of the local PostgreSQL cluster with
 * INTERNAL_API_SECRET set. Senders post signed purchases continuously, each with a new order
 * id, and retry a failed one (network error, timeout, 5xx) with the SAME order id and body,
 * re-signed, like a webhook sender. In the middle the cluster is restarted
 * (`pg_ctlcluster … restart`); it is started again in `finally` whatever happens. Afterwards:
 *
 * - every purchase acknowledged with a 2xx is stored exactly once, with its content; nothing
 *   is stored that was not acknowledged; retried orders are stored once;
 * - `products.sales_count` and the rollups (`product_sales`, `seller_sales_totals`,
 *   `sales_daily`) equal the sums over `sales`, and the sales stats API agrees;
 * - the same server process (never restarted) answers `/api/health` again and records a
 *   fresh batch of purchases at full pool width on the first attempt.
 *
 * The restart breaks other users of the same cluster for a second or two: it is done once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/common.ts';
import { withClient } from '../lib/seed.ts';
import {
  api,
  argument,
  Checks,
  clusterOnline,
  createDatabase,
  createProduct,
  dropDatabase,
  ensureClusterRunning,
  healthy,
  log,
  pgCtlCluster,
  postgresAvailable,
  quick,
  type RunningServer,
  recordResult,
  signedPost,
  signUp,
  sleep,
  startServer,
  stopServer,
} from './lib.ts';

const seconds = Number(argument('seconds') ?? (quick ? 12 : 40));
const concurrency = Number(argument('concurrency') ?? (quick ? 8 : 12));
const restartAt = 0.35;
/** A sender keeps retrying an order this long after the load window closes. */
const retryGraceMs = 60_000;
const requestTimeoutMs = 15_000;
const paymentMethods = ['card', 'alipay', 'wechat', 'paypal'];

interface Order {
  orderId: string;
  productId: string;
  sellerIndex: number;
  customerEmail: string;
  paymentMethod: string;
  amount: number;
  purchasedAt: string;
}

interface Outcome {
  order: Order;
  acknowledged: boolean;
  status: number | 'gave-up' | 'rejected';
  attempts: number;
  purchaseId?: string;
}

async function main() {
  const checks = new Checks();
  if (!(await postgresAvailable())) {
    log('PostgreSQL does not answer: the drill needs it');
    recordResult('postgres-restart', {
      measuredAt: new Date().toISOString(),
      skipped: 'no PostgreSQL',
    });
    process.exitCode = 1;
    return;
  }
  const runId = Math.random().toString(36).slice(2, 8);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drill-pgrestart-'));
  const databaseUrl = await createDatabase('pgrestart');
  const port = await freePort();
  let server: RunningServer | undefined;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 4 });
  const restart: Record<string, number | string | undefined> = {};
  try {
    server = await startServer({ dataDir, port, databaseUrl });
    const base = server.base;
    const serverPid = server.pid;

    // Sellers and their products, made through the API.
    const sellers = [];
    for (let index = 0; index < 4; index++) sellers.push(await signUp(base, 'drillpg'));
    const products: { id: string; sellerIndex: number }[] = [];
    for (const [sellerIndex, seller] of sellers.entries()) {
      for (let n = 0; n < 3; n++) {
        const detail = await createProduct(base, seller.token);
        products.push({ id: detail.product.id, sellerIndex });
      }
    }
    log(
      `${sellers.length} sellers, ${products.length} products; load for ${seconds} s, ${concurrency} senders`,
    );

    const statusCounts: Record<string, number> = {};
    const count = (key: string) => {
      statusCounts[key] = (statusCounts[key] ?? 0) + 1;
    };
    const outcomes: Outcome[] = [];
    let wrongAnswers = 0;
    let sequence = 0;
    const started = Date.now();
    const loadEnds = started + seconds * 1000;
    const giveUpAt = loadEnds + retryGraceMs;

    const newOrder = (): Order => {
      const product = products[Math.floor(Math.random() * products.length)] ?? products[0];
      if (!product) throw new Error('no product');
      sequence += 1;
      return {
        orderId: `pgr-${runId}-${sequence}`,
        productId: product.id,
        sellerIndex: product.sellerIndex,
        customerEmail: `buyer${sequence}@example.com`,
        paymentMethod: paymentMethods[sequence % paymentMethods.length] ?? 'card',
        amount: 1000 + Math.floor(Math.random() * 99_000),
        purchasedAt: new Date().toISOString(),
      };
    };

    const deliver = async (order: Order): Promise<Outcome> => {
      const { sellerIndex: _ignored, ...body } = order;
      for (let attempt = 1; ; attempt++) {
        let status: number | string;
        try {
          const response = await signedPost(
            base,
            '/api/internal/purchases',
            body,
            agent,
            requestTimeoutMs,
          );
          status = response.status;
          if (status === 200 || status === 201) {
            count(String(status));
            const sale = response.json<{ sale: { orderId: string; purchaseId: string } }>().sale;
            if (sale.orderId !== order.orderId) wrongAnswers += 1;
            return {
              order,
              acknowledged: true,
              status,
              attempts: attempt,
              purchaseId: sale.purchaseId,
            };
          }
          count(String(status));
          if (status < 500 && status !== 429 && status !== 408) {
            log(`order ${order.orderId} refused: ${status} ${response.body.toString('utf8')}`);
            return { order, acknowledged: false, status: 'rejected', attempts: attempt };
          }
        } catch (error) {
          const message = (error as Error).message;
          count(
            /timed out/.test(message)
              ? 'timeout'
              : `network:${(error as NodeJS.ErrnoException).code ?? 'error'}`,
          );
        }
        if (Date.now() > giveUpAt)
          return { order, acknowledged: false, status: 'gave-up', attempts: attempt };
        await sleep(
          Math.min(2000, 100 * 2 ** Math.min(attempt - 1, 5)) * (0.5 + Math.random() / 2),
        );
      }
    };

    const sender = async () => {
      while (Date.now() < loadEnds) outcomes.push(await deliver(newOrder()));
    };

    // Health, polled all along.
    const healthSamples: { at: number; ok: boolean }[] = [];
    let monitoring = true;
    const monitor = (async () => {
      while (monitoring) {
        healthSamples.push({ at: Date.now() - started, ok: await healthy(base) });
        await sleep(250);
      }
    })();

    const restarter = (async () => {
      await sleep(seconds * 1000 * restartAt);
      restart.beganAtMs = Date.now() - started;
      log('restarting PostgreSQL (pg_ctlcluster … restart)');
      try {
        restart.commandMs = await pgCtlCluster('restart');
      } catch (error) {
        restart.error = (error as Error).message;
        log(`restart failed: ${restart.error}`);
      }
      restart.endedAtMs = Date.now() - started;
      log(`PostgreSQL restarted in ${restart.commandMs} ms`);
    })();

    await Promise.all([...Array.from({ length: concurrency }, sender), restarter]);
    log(`load over: ${outcomes.length} orders`);

    // Same process, no restart: health must come back by itself.
    const recoveryStarted = Date.now();
    let recovered = false;
    while (Date.now() - recoveryStarted < 30_000) {
      if (await healthy(base)) {
        recovered = true;
        break;
      }
      await sleep(200);
    }
    monitoring = false;
    await monitor;
    checks.check(recovered, 'the server answers /api/health again');
    checks.check(
      server.pid === serverPid &&
        server.child.exitCode === null &&
        server.child.signalCode === null,
      'the server process was never restarted',
    );

    // A fresh batch at full pool width, each on its first attempt.
    const fresh = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const order = newOrder();
        const { sellerIndex: _ignored, ...body } = order;
        const response = await signedPost(
          base,
          '/api/internal/purchases',
          body,
          agent,
          requestTimeoutMs,
        );
        const outcome: Outcome = {
          order,
          acknowledged: response.status === 201,
          status: response.status,
          attempts: 1,
          ...(response.status === 201
            ? { purchaseId: response.json<{ sale: { purchaseId: string } }>().sale.purchaseId }
            : {}),
        };
        outcomes.push(outcome);
        return response.status;
      }),
    );
    checks.check(
      fresh.every((status) => status === 201),
      `after the restart, 20 new purchases are recorded on the first attempt (${[...new Set(fresh)].join(',')})`,
    );

    // The health timeline: the first failure, the last failure, the first success after it.
    const failures = healthSamples.filter((sample) => !sample.ok);
    const firstFailure = failures[0]?.at;
    const lastFailure = failures.at(-1)?.at;
    const backAt =
      lastFailure === undefined
        ? undefined
        : healthSamples.find((sample) => sample.ok && sample.at > lastFailure)?.at;

    // The database itself.
    const acknowledged = outcomes.filter((outcome) => outcome.acknowledged);
    const retried = acknowledged.filter((outcome) => outcome.attempts > 1);
    const verification = await withClient(databaseUrl, async (client) => {
      const stored = await client.query<{
        order_id: string;
        product_id: string;
        amount: string;
        customer_email: string;
        payment_method: string;
        purchased_at: Date;
        id: string;
      }>(
        'select id, order_id, product_id, amount, customer_email, payment_method, purchased_at from sales',
      );
      const byOrder = new Map<string, (typeof stored.rows)[number][]>();
      for (const row of stored.rows)
        byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
      const missing = acknowledged.filter(
        (outcome) => (byOrder.get(outcome.order.orderId)?.length ?? 0) === 0,
      );
      const duplicated = [...byOrder.values()].filter((rows) => rows.length > 1).length;
      const mismatched = acknowledged.filter((outcome) => {
        const row = byOrder.get(outcome.order.orderId)?.[0];
        return (
          !row ||
          row.id !== outcome.purchaseId ||
          row.product_id !== outcome.order.productId ||
          Number(row.amount) !== outcome.order.amount ||
          row.customer_email !== outcome.order.customerEmail ||
          row.payment_method !== outcome.order.paymentMethod ||
          row.purchased_at.getTime() !== Date.parse(outcome.order.purchasedAt)
        );
      });
      const ackedIds = new Set(acknowledged.map((outcome) => outcome.order.orderId));
      const unacknowledgedStored = stored.rows.filter((row) => !ackedIds.has(row.order_id)).length;

      const mismatch = async (label: string, query: string) => {
        const { rows } = await client.query(query);
        checks.check(
          rows.length === 0,
          `${label} equal the sums over sales (${rows.length} differ)`,
        );
        return rows.length;
      };
      const salesCount = await mismatch(
        'products.sales_count',
        `select p.id from products p left join (select product_id, count(*) c from sales group by product_id) s
           on s.product_id = p.id where p.sales_count <> coalesce(s.c, 0)`,
      );
      const productSales = await mismatch(
        'product_sales (count, amount, net)',
        `select coalesce(s.product_id, ps.product_id) from
           (select product_id, count(*) c, sum(amount) a, sum(net_amount) n from sales group by product_id) s
           full join product_sales ps on ps.product_id = s.product_id
         where s.c is distinct from ps.count or s.a is distinct from ps.amount or s.n is distinct from ps.net`,
      );
      const sellerTotals = await mismatch(
        'seller_sales_totals (count, amount, net)',
        `select coalesce(s.seller_id, t.seller_id) from
           (select seller_id, count(*) c, sum(amount) a, sum(net_amount) n from sales group by seller_id) s
           full join seller_sales_totals t on t.seller_id = s.seller_id
         where s.c is distinct from t.count or s.a is distinct from t.amount or s.n is distinct from t.net`,
      );
      const daily = await mismatch(
        'sales_daily (count, amount, net per local day)',
        `select coalesce(s.seller_id, d.seller_id) from
           (select seller_id, (purchased_at at time zone 'Asia/Seoul')::date as day, count(*) c,
                   sum(amount) a, sum(net_amount) n from sales group by 1, 2) s
           full join sales_daily d on d.seller_id = s.seller_id and d.day = s.day
         where s.c is distinct from d.count or s.a is distinct from d.amount or s.n is distinct from d.net`,
      );
      return {
        storedSales: stored.rows.length,
        missing: missing.length,
        duplicated,
        mismatched: mismatched.length,
        unacknowledgedStored,
        rollupMismatches: { salesCount, productSales, sellerTotals, daily },
      };
    });
    checks.check(
      verification.missing === 0,
      `every acknowledged purchase is stored (${verification.missing} missing)`,
    );
    checks.check(verification.duplicated === 0, 'no order is stored twice');
    checks.check(
      verification.mismatched === 0,
      `stored sales carry the acknowledged content (${verification.mismatched} differ)`,
    );
    checks.check(
      verification.storedSales === acknowledged.length,
      `sales rows (${verification.storedSales}) = acknowledged purchases (${acknowledged.length})`,
    );
    const gaveUp = outcomes.filter((outcome) => outcome.status === 'gave-up').length;
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected').length;
    checks.check(
      gaveUp === 0,
      `no purchase left unacknowledged after ${retryGraceMs / 1000} s of retries (${gaveUp})`,
    );
    checks.check(rejected === 0, `no purchase refused with a 4xx (${rejected})`);
    checks.check(wrongAnswers === 0, `every answer names its own order (${wrongAnswers} do not)`);

    // The API agrees with the database, per seller.
    for (const [index, seller] of sellers.entries()) {
      const stats = await api<{ totalSales: { count: number; amount: number } }>(
        base,
        'GET',
        '/api/products/stats/sales',
        { token: seller.token },
      );
      const mine = acknowledged.filter((outcome) => outcome.order.sellerIndex === index);
      const amount = mine.reduce((sum, outcome) => sum + outcome.order.amount, 0);
      checks.check(
        stats.totalSales.count === mine.length && stats.totalSales.amount === amount,
        `seller ${index + 1}: stats ${stats.totalSales.count}/${stats.totalSales.amount} = acknowledged ${mine.length}/${amount}`,
      );
    }

    const errorLines = server.lines.filter((line) => /"level":(50|60)/.test(line));
    const messages = [
      ...new Set(
        errorLines.map((line) => {
          try {
            const entry = JSON.parse(line) as {
              msg?: string;
              err?: { message?: string; code?: string };
            };
            return `${entry.msg ?? ''}${entry.err ? `: ${entry.err.code ?? ''} ${entry.err.message ?? ''}` : ''}`.slice(
              0,
              160,
            );
          } catch {
            return line.slice(0, 160);
          }
        }),
      ),
    ].slice(0, 8);

    const result = {
      measuredAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      seconds,
      concurrency,
      sellers: sellers.length,
      products: products.length,
      orders: outcomes.length,
      acknowledged: acknowledged.length,
      retriedThenAcknowledged: retried.length,
      acknowledgedAsReplay: acknowledged.filter((outcome) => outcome.status === 200).length,
      maxAttempts: Math.max(...outcomes.map((outcome) => outcome.attempts)),
      responses: statusCounts,
      restart: {
        ...restart,
        healthFirstFailureAtMs: firstFailure,
        healthLastFailureAtMs: lastFailure,
        healthBackAtMs: backAt,
        healthUnavailableMs:
          firstFailure !== undefined && backAt !== undefined ? backAt - firstFailure : 0,
      },
      database: verification,
      serverErrorLogLines: errorLines.length,
      serverErrorMessages: messages,
      serverRestarted: false,
      ok: checks.ok,
      passed: checks.passed.length,
      failed: checks.failed,
    };
    recordResult('postgres-restart', result);
    log(JSON.stringify({ ...result, failed: undefined }, null, 1).slice(0, 3000));
    log(checks.ok ? 'PASS' : `FAIL: ${checks.failed.join('; ')}`);
    process.exitCode = checks.ok ? 0 : 1;
  } finally {
    // Whatever happened: the cluster must be running again for everyone else.
    await ensureClusterRunning().catch((error) => log(`could not start PostgreSQL: ${error}`));
    if (!(await clusterOnline())) log('WARNING: PostgreSQL is not online');
    agent.destroy();
    if (server) await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl).catch((error) => log(`could not drop the database: ${error}`));
  }
}

await main().catch((error: Error) => {
  log(`drill failed: ${error.stack ?? error}`);
  recordResult('postgres-restart', {
    measuredAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    ok: false,
    error: error.message,
  });
  process.exitCode = 1;
});
