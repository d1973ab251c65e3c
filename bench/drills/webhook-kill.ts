/**
 * Drill: kill the server right after the member site's purchases are acknowledged, and check
 * that every sale's webhook is still delivered.
 *
 *   npx tsx bench/drills/webhook-kill.ts [--quick] [--purchases 300] [--concurrency 12]
 *
 * The real server runs on a fresh database of the local PostgreSQL cluster, with
 * `WEBHOOK_ALLOW_LOOPBACK=true`. Three sellers have a webhook for `sale.created` pointing at a
 * receiver on loopback that checks each delivery's signature and answers slowly (so deliveries
 * are still queued when the server dies). Signed purchases are posted at full speed; the moment
 * the last one is acknowledged the server is killed with SIGKILL, then started again on the
 * same database. Afterwards:
 *
 * - every acknowledged purchase reached the receiver as a `sale.created` event of its seller,
 *   with a valid signature, within a bounded time after the restart (a delivery cut off by the
 *   kill is taken again when its lease runs out);
 * - no event arrived for a sale that was not acknowledged, and no event id was delivered
 *   twice except for deliveries the kill interrupted (a receiver deduplicates by
 *   `X-Webhook-Id`: the count of distinct ids equals the count of sales);
 * - the delivery log of each seller shows every delivery succeeded.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  api,
  argument,
  Checks,
  createProduct,
  drillScratch,
  killHard,
  log,
  quick,
  type RunningServer,
  recordResult,
  runPostgresDrill,
  type Seller,
  signedPost,
  signUp,
  sleep,
  startServer,
  waitForHealth,
} from './lib.ts';

const purchaseCount = Number(argument('purchases') ?? (quick ? 60 : 300));
const concurrency = Number(argument('concurrency') ?? 12);
/** The receiver takes this long to answer, so the queue cannot keep up before the kill. */
const receiverDelayMs = 150;
/** A delivery cut off by the kill is retaken when its lease (one minute) runs out. */
const deliveryDeadlineMs = 150_000;

interface Delivery {
  webhookId: string;
  orderId: string;
  sellerIndex: number;
  signatureValid: boolean;
}

function signatureValid(secret: string, header: string | undefined, body: string): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Each seller's webhook points at its own path, so the receiver knows whose secret to use. */
async function startReceiver(secrets: Map<number, string>) {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const sellerIndex = Number(request.url?.split('/').pop());
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = JSON.parse(body) as { type: string; data: { order_id?: string } };
        if (event.type === 'sale.created') {
          deliveries.push({
            webhookId: String(request.headers['x-webhook-id']),
            orderId: String(event.data.order_id),
            sellerIndex,
            signatureValid: signatureValid(
              secrets.get(sellerIndex) ?? '',
              request.headers['x-signature'] as string | undefined,
              body,
            ),
          });
        }
      } catch {
        // counted as missing below
      }
      setTimeout(() => response.writeHead(200).end('ok'), receiverDelayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main() {
  const checks = new Checks();
  const scratch = await drillScratch('webhooks', concurrency + 4);
  const secrets = new Map<number, string>();
  const receiver = await startReceiver(secrets);
  const env = { WEBHOOK_ALLOW_LOOPBACK: 'true' };
  let server: RunningServer | undefined;
  try {
    server = await startServer({ ...scratch, env });
    const base = server.base;
    const sellers: Seller[] = [];
    const products: { id: string; sellerIndex: number }[] = [];
    for (let index = 0; index < 3; index++) {
      const seller = await signUp(base, 'drillhook');
      sellers.push(seller);
      const hook = await api<{ secret: string }>(base, 'PUT', '/api/webhook', {
        token: seller.token,
        json: { url: `${receiver.url}/seller/${index}`, events: ['sale.created'] },
      });
      secrets.set(index, hook.secret);
      for (let n = 0; n < 2; n++) {
        products.push({
          id: (await createProduct(base, seller.token)).product.id,
          sellerIndex: index,
        });
      }
    }
    log(`${sellers.length} sellers with webhooks; posting ${purchaseCount} purchases`);

    const acknowledged = new Map<string, number>();
    let next = 0;
    let refused = 0;
    const sender = async () => {
      while (next < purchaseCount) {
        const sequence = next++;
        const product = products[sequence % products.length];
        if (!product) break;
        const orderId = `hook-${process.pid}-${sequence}`;
        const response = await signedPost(
          base,
          '/api/internal/purchases',
          {
            orderId,
            productId: product.id,
            customerEmail: `buyer${sequence}@example.com`,
            paymentMethod: 'card',
            amount: 1000 + sequence,
          },
          scratch.agent,
          15_000,
        ).catch(() => undefined);
        if (response && (response.status === 200 || response.status === 201)) {
          acknowledged.set(orderId, product.sellerIndex);
        } else refused += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, sender));
    const deliveredBeforeKill = receiver.deliveries.length;
    await killHard(server);
    server = undefined;
    log(
      `killed after ${acknowledged.size} acknowledged purchases; ${deliveredBeforeKill} events had arrived`,
    );
    checks.check(refused === 0, `every purchase was acknowledged before the kill (${refused} not)`);
    checks.check(
      deliveredBeforeKill < acknowledged.size,
      `deliveries were still queued at the kill (${deliveredBeforeKill} of ${acknowledged.size} had arrived)`,
    );

    scratch.agent.destroy();
    server = await startServer({ ...scratch, env });
    await waitForHealth(server, 30_000);
    const restartedAt = Date.now();
    const distinctOrders = () => new Set(receiver.deliveries.map((d) => d.orderId));
    while (Date.now() - restartedAt < deliveryDeadlineMs) {
      const seen = distinctOrders();
      if ([...acknowledged.keys()].every((orderId) => seen.has(orderId))) break;
      await sleep(500);
    }
    const allArrivedMs = Date.now() - restartedAt;
    const seen = distinctOrders();
    const missing = [...acknowledged.keys()].filter((orderId) => !seen.has(orderId));
    const unexpected = [...seen].filter((orderId) => !acknowledged.has(orderId));
    const wrongSeller = receiver.deliveries.filter(
      (delivery) => acknowledged.get(delivery.orderId) !== delivery.sellerIndex,
    );
    const badSignatures = receiver.deliveries.filter((delivery) => !delivery.signatureValid);
    const ids = new Set(receiver.deliveries.map((delivery) => delivery.webhookId));
    const repeats = receiver.deliveries.length - ids.size;
    checks.check(
      missing.length === 0,
      `every acknowledged sale was delivered (${missing.length} missing)`,
    );
    checks.check(
      unexpected.length === 0,
      `no event for a sale not acknowledged (${unexpected.length})`,
    );
    checks.check(
      wrongSeller.length === 0,
      `each event went to its seller's webhook (${wrongSeller.length} wrong)`,
    );
    checks.check(
      badSignatures.length === 0,
      `every delivery carried a valid signature (${badSignatures.length} bad)`,
    );
    checks.check(
      ids.size === acknowledged.size,
      `one event id per sale (${ids.size} ids for ${acknowledged.size} sales; ${repeats} repeated deliveries)`,
    );

    // Deliveries the kill cut off mid-send are retaken when their lease runs out.
    const logs = async () => {
      let logged = 0;
      let notSucceeded = 0;
      for (const seller of sellers) {
        const { deliveries } = await api<{ deliveries: { status: string }[] }>(
          base,
          'GET',
          '/api/webhook/deliveries',
          { token: seller.token },
        );
        logged += deliveries.length;
        notSucceeded += deliveries.filter((delivery) => delivery.status !== 'succeeded').length;
      }
      return { logged, notSucceeded };
    };
    let { logged, notSucceeded } = await logs();
    while (notSucceeded > 0 && Date.now() - restartedAt < deliveryDeadlineMs) {
      await sleep(1000);
      ({ logged, notSucceeded } = await logs());
    }
    const logsSettledMs = Date.now() - restartedAt;
    checks.check(
      notSucceeded === 0,
      `the delivery logs show every delivery succeeded (${notSucceeded} not)`,
    );

    recordResult('webhook-kill', {
      measuredAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      ok: checks.ok,
      acknowledged: acknowledged.size,
      deliveredBeforeKill,
      deliveredAfterRestartWithinMs: allArrivedMs,
      logsSettledAfterRestartMs: logsSettledMs,
      repeatedDeliveries: receiver.deliveries.length - ids.size,
      loggedDeliveries: logged,
      failedChecks: checks.failed,
    });
    log(
      `all ${acknowledged.size} events delivered ${Math.round(allArrivedMs / 1000)} s after the restart; ${receiver.deliveries.length - ids.size} deliveries repeated by the kill`,
    );
    checks.conclude();
  } finally {
    await receiver.close();
    await scratch.close(server);
  }
}

await runPostgresDrill('webhook-kill', main);
