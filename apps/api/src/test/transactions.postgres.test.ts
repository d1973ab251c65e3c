import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createPayoutRepository } from '../modules/payouts/payouts.repository.ts';
import { createWebhookRepository } from '../modules/webhooks/webhooks.repository.ts';
import { quoteIdent, withAdminClient } from './postgres-admin.ts';
import { startProxy, withTimeout } from './postgres-proxy.ts';

/**
 * The repositories that once opened drizzle's own transactions (payouts, the webhook delivery
 * log) on a pool whose connections die at `begin`, as during a PostgreSQL restart: each failed
 * `begin` must give its pool slot back, or after `poolSize` of them every query waits forever.
 */
const target = inject('testDatabase');
const poolSize = 2;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let database: DatabaseHandle;
let name: string;

beforeAll(async () => {
  if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
  name = `sc_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(target.url, (client) =>
    client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(target.template)}`),
  );
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  proxy = await startProxy(url.toString());
  database = await openDatabase({ kind: 'postgres', url: proxy.url, poolSize });
});
afterAll(async () => {
  await withTimeout(database.close(), 5000).catch(() => undefined);
  await proxy.close();
  if (target.kind === 'postgres') {
    await withAdminClient(target.url, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
    );
  }
});

describe('transactions whose begin fails', () => {
  it('give back their pool slots in the payouts and the webhook delivery log', async () => {
    const payouts = createPayoutRepository(database, 'Asia/Seoul');
    const webhooks = createWebhookRepository(database);
    const noDelivery = '00000000-0000-4000-8000-000000000000';
    const attempt = {
      status: 'failed' as const,
      attempts: 1,
      statusCode: null,
      durationMs: null,
      error: 'gone',
      nextAttemptAt: null,
    };
    proxy.state.cutOnBegin = true;
    for (let n = 0; n < poolSize; n++) {
      await expect(
        withTimeout(
          payouts.transaction((tx) => tx.execute(sql`select 1`)),
          5000,
        ),
      ).rejects.toThrow(/^begin failed: /);
      await expect(
        withTimeout(
          webhooks.transaction((tx) => webhooks.recordAttempt(tx, noDelivery, attempt)),
          5000,
        ),
      ).rejects.toThrow(/^begin failed: /);
    }
    expect(proxy.state.cuts).toBe(2 * poolSize);
    proxy.state.cutOnBegin = false;

    // Every slot is usable again: as many transactions as the pool holds, at the same time.
    const all = Promise.all([
      payouts.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.05)`);
        return 'payout';
      }),
      webhooks
        .transaction((tx) => webhooks.recordAttempt(tx, noDelivery, attempt))
        .then(() => 'delivery'),
    ]);
    await expect(withTimeout(all, 5000)).resolves.toEqual(['payout', 'delivery']);
    await expect(withTimeout(database.ping(), 5000)).resolves.toBe(undefined);
  });
});
