/**
 * Drill: two server copies behind a load balancer take the member site's money calls while one
 * copy is killed with SIGKILL and started again; nothing is lost and nothing counted twice.
 *
 *   npx tsx bench/drills/money-kill.ts [--quick] [--seconds 60] [--rate 40]
 *
 * Two copies of the real server (same `DATABASE_URL` on a fresh database of the local
 * PostgreSQL cluster, same `REDIS_URL`, same secrets, same data directory) run behind HAProxy
 * (round robin, health checks on `/api/health`, a connection refused is retried on the other
 * copy). Through it, signed calls come at a steady rate: purchases, refunds (part and full)
 * and chargebacks of acknowledged sales, and payouts to sellers with a balance. A call that is
 * not acknowledged (network error, timeout, 5xx) is sent again with the same id and body,
 * re-signed, as the member site does. Part-way through, one copy is killed with SIGKILL and
 * started again. Afterwards:
 *
 * - every acknowledged purchase, refund and payout is stored exactly once, with its content,
 *   and nothing is stored that was not acknowledged;
 * - each sale's refunded amount and commission equal the sums of its refunds, and no sale
 *   returned more commission than it took;
 * - for every seller, the ledger's sum equals the balance the API answers and the balance the
 *   acknowledged calls add up to;
 * - the rollups (`product_sales`, `seller_sales_totals`, `sales_daily`) equal the sales less
 *   their refunds, and the sales stats API agrees with the acknowledged calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/common.ts';
import { withClient } from '../lib/seed.ts';
import {
  api,
  argument,
  Checks,
  createDatabase,
  createProduct,
  dropDatabase,
  healthy,
  killHard,
  log,
  quick,
  type RunningServer,
  recordResult,
  rollupMismatches,
  runPostgresDrill,
  type Seller,
  signedPost,
  signUp,
  sleep,
  startServer,
  stopServer,
} from './lib.ts';

const seconds = Number(argument('seconds') ?? (quick ? 12 : 60));
/** Calls per second through the load balancer, all kinds together. */
const rate = Number(argument('rate') ?? (quick ? 25 : 40));
const sellerCount = quick ? 4 : 6;
const productsPerSeller = 2;
/** When in the load window the copy is killed, and how long it stays down. */
const killAt = 0.25;
const downMs = 3000;
/** A call not yet acknowledged is retried this long after the load window closes. */
const retryGraceMs = 60_000;
const requestTimeoutMs = 15_000;
/** At most this many calls in flight: a steady rate, not a pile-up while a copy is away. */
const maxInFlight = 64;
const haproxyBinary = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Sale {
  orderId: string;
  purchaseId: string;
  sellerIndex: number;
  productId: string;
  amount: number;
  commission: number;
  net: number;
  /** Acknowledged refunds so far. */
  refunded: number;
  /** A refund of this sale is in flight: the next waits for its answer. */
  busy: boolean;
}

interface Refund {
  refundId: string;
  orderId: string;
  kind: 'refund' | 'chargeback';
  amount: number;
  refundedAt: string;
  sellerIndex: number;
}

interface Payout {
  payoutId: string;
  sellerIndex: number;
  amount: number;
  paidAt: string;
}

type Outcome = { acknowledged: true; status: number; body: unknown } | { acknowledged: false };

function haproxyConfig(port: number, backends: number[]): string {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout queue 10s
  # A copy answering health slowly on a busy machine is not a dead copy: only a copy that fails
  # three checks in a row is taken out (a killed one refuses at once, 1.5 s).
  timeout check 3s
  # A connection the copy refused never reached it: send the call to the other copy. A call
  # that reached a copy is not retried here (the member site retries with the same id).
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend members
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server check inter 1s fastinter 500 downinter 500 fall 3 rise 2
${backends.map((backend, index) => `  server copy${index} 127.0.0.1:${backend}`).join('\n')}
`;
}

async function startHaproxy(configFile: string, port: number) {
  const child: ChildProcess = spawn(haproxyBinary, ['-db', '-f', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!(await healthy(base))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > 20_000) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${lines.slice(-10).join('\n')}`);
    }
    await sleep(100);
  }
  return {
    base,
    lines,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function main() {
  const checks = new Checks();
  const runId = randomBytes(3).toString('hex');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drill-money-'));
  const databaseUrl = await createDatabase('money');
  const ports = [await freePort(), await freePort()];
  const balancerPort = await freePort();
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const secret = (name: string) => `drill-${name}-${runId}-${'s'.repeat(32)}`;
  const env = {
    REDIS_URL: redisUrl,
    JWT_SECRET: secret('jwt'),
    STORAGE_SIGNING_SECRET: secret('storage'),
  };
  const copies: (RunningServer | undefined)[] = [undefined, undefined];
  let balancer: Awaited<ReturnType<typeof startHaproxy>> | undefined;
  const startCopy = (index: number) =>
    startServer({ dataDir, databaseUrl, port: ports[index] ?? 0, env });
  try {
    // One after the other: the first applies the migrations.
    copies[0] = await startCopy(0);
    copies[1] = await startCopy(1);
    const configFile = path.join(dataDir, 'haproxy.cfg');
    await writeFile(configFile, haproxyConfig(balancerPort, ports as number[]));
    balancer = await startHaproxy(configFile, balancerPort);
    const base = balancer.base;

    // Sellers, products and payout details through the balancer. Half the sellers signed up a
    // year ago, so that their sales carry the standard commission and refunds return part of it.
    const sellers: (Seller & { id: string })[] = [];
    const products: { id: string; sellerIndex: number }[] = [];
    for (let index = 0; index < sellerCount; index++) {
      const seller = await signUp(base, 'drillmoney');
      await api(base, 'PUT', '/api/auth/settlement-info', {
        token: seller.token,
        json: {
          bank: {
            name: 'Drill Bank',
            account: `110-${index}-4567`,
            accountHolder: 'Drill',
            branch: 'Seoul',
          },
        },
      });
      const id = await withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ id: string }>(
          index % 2 === 0
            ? `update sellers set created_at = now() - interval '1 year' where email = $1 returning id`
            : 'select id from sellers where email = $1',
          [seller.email],
        );
        return rows[0]?.id;
      });
      if (!id) throw new Error(`no seller row for ${seller.email}`);
      sellers.push({ ...seller, id });
      for (let n = 0; n < productsPerSeller; n++) {
        products.push({
          id: (await createProduct(base, seller.token)).product.id,
          sellerIndex: index,
        });
      }
    }
    log(
      `${sellers.length} sellers, ${products.length} products; ${rate} calls/s for ${seconds} s through HAProxy`,
    );

    const statusCounts: Record<string, number> = {};
    const count = (key: string) => {
      statusCounts[key] = (statusCounts[key] ?? 0) + 1;
    };
    const started = Date.now();
    const loadEnds = started + seconds * 1000;
    const giveUpAt = loadEnds + retryGraceMs;
    let gaveUp = 0;
    const rejected: string[] = [];
    let retried = 0;
    /** The first few bodies of each status that was not an acknowledgement, for the report. */
    const answerSamples: Record<number, string[]> = {};

    /** Sends until acknowledged (2xx) or refused (4xx); retries with the same body, re-signed. */
    const deliver = async (url: string, body: object, label: string): Promise<Outcome> => {
      for (let attempt = 1; ; attempt++) {
        if (attempt > 1) retried += 1;
        try {
          const response = await signedPost(base, url, body, agent, requestTimeoutMs);
          count(`${label}:${response.status}`);
          if (response.status !== 200 && response.status !== 201) {
            const samples = answerSamples[response.status] ?? [];
            answerSamples[response.status] = samples;
            if (samples.length < 3) {
              samples.push(
                `${Date.now() - started} ms: ${response.body.toString('utf8').slice(0, 200)}`,
              );
            }
          }
          if (response.status === 200 || response.status === 201) {
            return { acknowledged: true, status: response.status, body: response.json() };
          }
          if (response.status < 500 && response.status !== 408 && response.status !== 429) {
            rejected.push(`${label} ${response.status} ${response.body.toString('utf8')}`);
            return { acknowledged: false };
          }
        } catch (error) {
          const message = (error as Error).message;
          count(
            /timed out/.test(message)
              ? `${label}:timeout`
              : `${label}:network:${(error as NodeJS.ErrnoException).code ?? 'error'}`,
          );
        }
        if (Date.now() > giveUpAt) {
          gaveUp += 1;
          return { acknowledged: false };
        }
        await sleep(
          Math.min(2000, 100 * 2 ** Math.min(attempt - 1, 5)) * (0.5 + Math.random() / 2),
        );
      }
    };

    // What the acknowledged calls say, the model the stored data is checked against.
    const sales: Sale[] = [];
    const refunds: Refund[] = [];
    const payouts: Payout[] = [];
    const balances = sellers.map(() => 0);
    /** Refund amounts in flight per seller: a payout leaves room for them. */
    const pendingRefunds = sellers.map(() => 0);
    const payoutBusy = sellers.map(() => false);
    let sequence = 0;
    const pick = <T>(items: readonly T[]): T | undefined =>
      items[Math.floor(Math.random() * items.length)];

    const purchase = async () => {
      const product = pick(products);
      if (!product) return;
      sequence += 1;
      const body = {
        orderId: `money-${runId}-${sequence}`,
        productId: product.id,
        customerEmail: `buyer${sequence}@example.com`,
        paymentMethod: 'card',
        amount: 1000 + Math.floor(Math.random() * 99_000),
        purchasedAt: new Date().toISOString(),
      };
      const outcome = await deliver('/api/internal/purchases', body, 'purchase');
      if (!outcome.acknowledged) return;
      const { sale } = outcome.body as {
        sale: { purchaseId: string; commissionAmount: number; netAmount: number };
      };
      sales.push({
        orderId: body.orderId,
        purchaseId: sale.purchaseId,
        sellerIndex: product.sellerIndex,
        productId: product.id,
        amount: body.amount,
        commission: sale.commissionAmount,
        net: sale.netAmount,
        refunded: 0,
        busy: false,
      });
      balances[product.sellerIndex] = (balances[product.sellerIndex] ?? 0) + sale.netAmount;
    };

    const refund = async () => {
      // Not while a payout to the seller is in flight: it was sized for the refunds in flight.
      const sale = pick(
        sales.filter(
          (candidate) =>
            !candidate.busy &&
            candidate.refunded < candidate.amount &&
            !payoutBusy[candidate.sellerIndex],
        ),
      );
      if (!sale) return purchase();
      const left = sale.amount - sale.refunded;
      sequence += 1;
      const full = Math.random() < 0.4 || left < 2;
      const body: Refund = {
        refundId: `refund-${runId}-${sequence}`,
        orderId: sale.orderId,
        kind: Math.random() < 0.2 ? 'chargeback' : 'refund',
        amount: full ? left : 1 + Math.floor(Math.random() * (left - 1)),
        refundedAt: new Date().toISOString(),
        sellerIndex: sale.sellerIndex,
      };
      sale.busy = true;
      pendingRefunds[sale.sellerIndex] = (pendingRefunds[sale.sellerIndex] ?? 0) + body.amount;
      const { sellerIndex: _ours, ...call } = body;
      const outcome = await deliver(
        '/api/internal/refunds',
        { ...call, reason: 'drill' },
        'refund',
      );
      pendingRefunds[sale.sellerIndex] = (pendingRefunds[sale.sellerIndex] ?? 0) - body.amount;
      sale.busy = false;
      if (!outcome.acknowledged) return;
      const { refund: stored } = outcome.body as { refund: { netAmount: number } };
      sale.refunded += body.amount;
      refunds.push(body);
      balances[sale.sellerIndex] = (balances[sale.sellerIndex] ?? 0) - stored.netAmount;
    };

    const payout = async () => {
      // Half of what is surely there, whatever the refunds in flight take.
      const candidates = sellers
        .map((_, index) => index)
        .filter(
          (index) =>
            !payoutBusy[index] && (balances[index] ?? 0) - (pendingRefunds[index] ?? 0) >= 20_000,
        );
      const sellerIndex = pick(candidates);
      if (sellerIndex === undefined) return purchase();
      const seller = sellers[sellerIndex];
      if (!seller) return;
      sequence += 1;
      const body: Payout = {
        payoutId: `payout-${runId}-${sequence}`,
        sellerIndex,
        amount: Math.floor(((balances[sellerIndex] ?? 0) - (pendingRefunds[sellerIndex] ?? 0)) / 2),
        paidAt: new Date().toISOString(),
      };
      payoutBusy[sellerIndex] = true;
      const outcome = await deliver(
        '/api/internal/payouts',
        {
          payoutId: body.payoutId,
          sellerId: seller.id,
          amount: body.amount,
          method: 'bank',
          reference: `drill transfer ${sequence}`,
          paidAt: body.paidAt,
        },
        'payout',
      );
      payoutBusy[sellerIndex] = false;
      if (!outcome.acknowledged) return;
      payouts.push(body);
      balances[sellerIndex] = (balances[sellerIndex] ?? 0) - body.amount;
    };

    // The mix: 60 % purchases, 30 % refunds and chargebacks, the rest payouts.
    const operation = () => {
      const roll = Math.random();
      return roll < 0.6 ? purchase() : roll < 0.9 ? refund() : payout();
    };

    const inFlight = new Set<Promise<void>>();
    let skipped = 0;
    const kill: Record<string, number | string | undefined> = {};
    const killer = (async () => {
      await sleep(seconds * 1000 * killAt);
      const victim = copies[1];
      if (!victim) return;
      kill.atMs = Date.now() - started;
      kill.inFlight = inFlight.size;
      log(`kill -9 of copy 2 (pid ${victim.pid}) with ${inFlight.size} calls in flight`);
      await killHard(victim);
      copies[1] = undefined;
      await sleep(downMs);
      const restartBegan = Date.now();
      copies[1] = await startCopy(1);
      kill.restartMs = Date.now() - restartBegan;
      kill.backAtMs = Date.now() - started;
      log(`copy 2 is back (pid ${copies[1].pid}) after ${kill.restartMs} ms`);
    })().catch((error: unknown) => {
      kill.error = (error as Error).message;
      log(`the restart failed: ${kill.error}`);
    });

    const interval = 1000 / rate;
    for (let tick = 0; Date.now() < loadEnds; tick++) {
      const due = started + tick * interval;
      if (due > Date.now()) await sleep(due - Date.now());
      if (inFlight.size >= maxInFlight) {
        skipped += 1;
        continue;
      }
      const call: Promise<void> = operation().then(
        () => {
          inFlight.delete(call);
        },
        (error: unknown) => {
          inFlight.delete(call);
          rejected.push(`exception ${(error as Error).message}`);
        },
      );
      inFlight.add(call);
    }
    await killer;
    await Promise.all([...inFlight]);
    log(
      `load over: ${sales.length} purchases, ${refunds.length} refunds, ${payouts.length} payouts acknowledged; ${retried} retries`,
    );
    checks.check(kill.restartMs !== undefined, 'the killed copy was started again');
    checks.check(
      copies[1] !== undefined && (await healthy(copies[1].base)),
      'the restarted copy answers /api/health',
    );
    checks.check(gaveUp === 0, `every call was acknowledged in the end (${gaveUp} gave up)`);
    checks.check(
      rejected.length === 0,
      `no call was refused (${rejected.length}${rejected.length ? `: ${rejected.slice(0, 3).join(' | ')}` : ''})`,
    );
    const failedWhileUp = Object.entries(statusCounts)
      .filter(([key]) => !/:(200|201)$/.test(key))
      .reduce((sum, [, value]) => sum + value, 0);

    // The database against the acknowledged calls.
    const database = await withClient(databaseUrl, async (client) => {
      const storedSales = (
        await client.query<{ order_id: string; id: string; amount: string }>(
          'select order_id, id, amount from sales',
        )
      ).rows;
      const storedRefunds = (
        await client.query<{ refund_id: string; order_id: string; kind: string; amount: string }>(
          'select refund_id, order_id, kind, amount from refunds',
        )
      ).rows;
      const storedPayouts = (
        await client.query<{ payout_id: string; seller_id: string; amount: string }>(
          'select payout_id, seller_id, amount from payouts',
        )
      ).rows;
      const tally = <T>(rows: T[], key: (row: T) => string) => {
        const byKey = new Map<string, T[]>();
        for (const row of rows) byKey.set(key(row), [...(byKey.get(key(row)) ?? []), row]);
        return byKey;
      };
      const salesByOrder = tally(storedSales, (row) => row.order_id);
      const refundsById = tally(storedRefunds, (row) => row.refund_id);
      const payoutsById = tally(storedPayouts, (row) => row.payout_id);
      const differ = {
        sales: sales.filter((sale) => {
          const rows = salesByOrder.get(sale.orderId) ?? [];
          return (
            rows.length !== 1 ||
            rows[0]?.id !== sale.purchaseId ||
            Number(rows[0]?.amount) !== sale.amount
          );
        }).length,
        refunds: refunds.filter((refund) => {
          const rows = refundsById.get(refund.refundId) ?? [];
          const row = rows[0];
          return (
            rows.length !== 1 ||
            !row ||
            row.order_id !== refund.orderId ||
            row.kind !== refund.kind ||
            Number(row.amount) !== refund.amount
          );
        }).length,
        payouts: payouts.filter((payout) => {
          const rows = payoutsById.get(payout.payoutId) ?? [];
          const row = rows[0];
          return (
            rows.length !== 1 ||
            !row ||
            row.seller_id !== sellers[payout.sellerIndex]?.id ||
            Number(row.amount) !== payout.amount
          );
        }).length,
      };
      const saleTotals = (
        await client.query(
          `select s.id from sales s
             left join (select sale_id, sum(amount) a, sum(commission_returned) c from refunds group by sale_id) r
               on r.sale_id = s.id
           where s.refunded_amount <> coalesce(r.a, 0) or s.refunded_commission <> coalesce(r.c, 0)
              or coalesce(r.c, 0) > s.commission_amount or coalesce(r.a, 0) > s.amount`,
        )
      ).rows.length;
      const ledger = new Map(
        (
          await client.query<{ seller_id: string; balance: string }>(
            'select seller_id, sum(net) as balance from ledger_entries group by seller_id',
          )
        ).rows.map((row) => [row.seller_id, Number(row.balance)]),
      );
      return {
        stored: {
          sales: storedSales.length,
          refunds: storedRefunds.length,
          payouts: storedPayouts.length,
        },
        differ,
        saleTotals,
        ledger,
        rollupMismatches: await rollupMismatches(client),
      };
    });
    checks.check(
      database.differ.sales === 0 && database.stored.sales === sales.length,
      `every acknowledged purchase stored once with its content, nothing else (${database.stored.sales} rows, ${sales.length} acknowledged, ${database.differ.sales} differ)`,
    );
    checks.check(
      database.differ.refunds === 0 && database.stored.refunds === refunds.length,
      `every acknowledged refund stored once with its content, nothing else (${database.stored.refunds} rows, ${refunds.length} acknowledged, ${database.differ.refunds} differ)`,
    );
    checks.check(
      database.differ.payouts === 0 && database.stored.payouts === payouts.length,
      `every acknowledged payout stored once with its content, nothing else (${database.stored.payouts} rows, ${payouts.length} acknowledged, ${database.differ.payouts} differ)`,
    );
    checks.check(
      database.saleTotals === 0,
      `each sale's refunded amount and commission equal its refunds, within the sale (${database.saleTotals} differ)`,
    );
    for (const [rollup, differing] of Object.entries(database.rollupMismatches)) {
      checks.check(
        differing === 0,
        `${rollup} equals the sales less their refunds (${differing} differ)`,
      );
    }

    // Per seller: the ledger, the balance API, the sales stats API and the acknowledged calls.
    const balanceDifferences: number[] = [];
    for (const [index, seller] of sellers.entries()) {
      const answer = await api<{ balance: number }>(base, 'GET', '/api/payouts/balance', {
        token: seller.token,
      });
      const ledger = database.ledger.get(seller.id) ?? 0;
      const expected = balances[index] ?? 0;
      balanceDifferences.push(Math.abs(ledger - answer.balance) + Math.abs(ledger - expected));
      checks.check(
        ledger === answer.balance && ledger === expected,
        `seller ${index + 1}: ledger sum ${ledger} = balance answered ${answer.balance} = acknowledged ${expected}`,
      );
      const stats = await api<{ totalSales: { count: number; amount: number } }>(
        base,
        'GET',
        '/api/products/stats/sales',
        { token: seller.token },
      );
      const mine = sales.filter((sale) => sale.sellerIndex === index);
      const counted = mine.filter((sale) => sale.refunded < sale.amount).length;
      const amount = mine.reduce((sum, sale) => sum + sale.amount - sale.refunded, 0);
      checks.check(
        stats.totalSales.count === counted && stats.totalSales.amount === amount,
        `seller ${index + 1}: sales stats ${stats.totalSales.count}/${stats.totalSales.amount} = acknowledged less refunds ${counted}/${amount}`,
      );
    }

    const result = {
      measuredAt: new Date().toISOString(),
      mode: quick ? 'quick' : 'full',
      seconds,
      ratePerSecond: rate,
      sellers: sellers.length,
      acknowledged: {
        purchases: sales.length,
        refunds: refunds.filter((refund) => refund.kind === 'refund').length,
        chargebacks: refunds.filter((refund) => refund.kind === 'chargeback').length,
        fullyRefundedSales: sales.filter((sale) => sale.refunded === sale.amount).length,
        payouts: payouts.length,
      },
      retries: retried,
      notAcknowledgedAnswers: failedWhileUp,
      skippedTicks: skipped,
      responses: statusCounts,
      answerSamples,
      kill,
      stored: database.stored,
      rollupMismatches: database.rollupMismatches,
      ledgerBalanceDifference: balanceDifferences.reduce((sum, value) => sum + value, 0),
      ok: checks.ok,
      passed: checks.passed.length,
      failed: checks.failed,
    };
    recordResult('money-kill', result);
    log(JSON.stringify({ ...result, failed: undefined }, null, 1).slice(0, 3000));
    checks.conclude();
  } finally {
    agent.destroy();
    await balancer?.stop().catch((error) => log(`could not stop HAProxy: ${error}`));
    for (const copy of copies) if (copy) await stopServer(copy);
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(databaseUrl).catch((error) => log(`could not drop the database: ${error}`));
  }
}

await runPostgresDrill('money-kill', main);
