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
 * - the rollups (`product_sales`, `seller_sales_totals`, `sales_daily`) equal the sums over
 *   `sales`, and the sales stats API agrees;
 * - the same server process (never restarted) answers `/api/health` again and records a
 *   fresh batch of purchases at full pool width on the first attempt.
 *
 * The restart breaks other users of the same cluster for a second or two: it is done once.
 */
import { withClient } from '../lib/seed.ts';
import {
  api,
  argument,
  Checks,
  clusterOnline,
  createProduct,
  drillScratch,
  ensureClusterRunning,
  healthy,
  log,
  pgCtlCluster,
  quick,
  type RunningServer,
  recordResult,
  rollupMismatches,
  runPostgresDrill,
  signedPost,
  signUp,
  sleep,
  startServer,
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
  const runId = Math.random().toString(36).slice(2, 8);
  const scratch = await drillScratch('pgrestart', concurrency + 4);
  const { agent, databaseUrl } = scratch;
  let server: RunningServer | undefined;
  const restart: Record<string, number | string | undefined> = {};
  try {
    server = await startServer(scratch);
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

    /** The member site's signed call for the order (the seller's index is ours alone). */
    const postPurchase = ({ sellerIndex: _ignored, ...body }: Order) =>
      signedPost(base, '/api/internal/purchases', body, agent, requestTimeoutMs);

    const deliver = async (order: Order): Promise<Outcome> => {
      for (let attempt = 1; ; attempt++) {
        let status: number | string;
        try {
          const response = await postPurchase(order);
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
        const response = await postPurchase(order);
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
      return {
        storedSales: stored.rows.length,
        missing: missing.length,
        duplicated,
        mismatched: mismatched.length,
        unacknowledgedStored,
        rollupMismatches: await rollupMismatches(client),
      };
    });
    const rollupLabels: Record<keyof typeof verification.rollupMismatches, string> = {
      productSales: 'product_sales (count, amount, net)',
      sellerTotals: 'seller_sales_totals (count, amount, net)',
      daily: 'sales_daily (count, amount, net per local day)',
    };
    for (const [rollup, label] of Object.entries(rollupLabels)) {
      const differing = verification.rollupMismatches[rollup as keyof typeof rollupLabels];
      checks.check(differing === 0, `${label} equal the sums over sales (${differing} differ)`);
    }
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
    checks.conclude();
  } finally {
    // Whatever happened: the cluster must be running again for everyone else.
    await ensureClusterRunning().catch((error) => log(`could not start PostgreSQL: ${error}`));
    if (!(await clusterOnline())) log('WARNING: PostgreSQL is not online');
    await scratch.close(server);
  }
}

await runPostgresDrill('postgres-restart', main);
