import { randomUUID } from 'node:crypto';
import type { RecordPayoutResponse } from '@seller/contract/internal/record-payout';
import type { LedgerResponse } from '@seller/contract/payouts/get-ledger';
import type { PayoutDetail } from '@seller/contract/payouts/get-payout';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../db/schema.ts';
import { rowsOf } from '../db/sql-values.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from './database-rows.ts';
import { signedPost } from './member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from './sellers.ts';
import type { TestApp } from './test-app.ts';

/**
 * A seller's ledger seen from both sides in the API tests: the operator recording payouts, the
 * seller reading statements and the ledger. The app must take `INTERNAL_API_SECRET` from
 * `member-site-calls.ts`.
 */

const year = 365 * 24 * 60 * 60 * 1000;

export interface LedgerSeller extends TestSeller {
  id: string;
  productId: string;
}

/** A seller past the introductory months (10 % commission), bank details filled in. */
export async function sellerWithBank(t: TestApp): Promise<LedgerSeller> {
  const seller = await signUpSeller(t.app);
  const id = await sellerIdByEmail(t.database.db, seller.email);
  await setSellerCreatedAt(t.database.db, id, new Date(Date.now() - 2 * year));
  const productId = await insertProduct(t.database.db, id, { price: 15_000 });
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/settlement-info',
    headers: bearer(seller.token),
    payload: {
      bank: { name: 'KB국민은행', account: '123-456', accountHolder: '김판매', branch: '강남' },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...seller, id, productId };
}

/** Records a payout by bank transfer, expecting it new (201). */
export async function payOut(t: TestApp, seller: LedgerSeller, amount: number) {
  const response = await signedPost(t.app, '/api/internal/payouts', {
    payoutId: `payout-${randomUUID()}`,
    sellerId: seller.id,
    amount,
    method: 'bank',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<RecordPayoutResponse>();
}

export async function payoutStatement(t: TestApp, seller: TestSeller, id: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/payouts/${id}`,
    headers: bearer(seller.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetail>().statement;
}

async function ledgerEntries(t: TestApp, seller: TestSeller) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/payouts/ledger?page=1&limit=100',
    headers: bearer(seller.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LedgerResponse>().entries;
}

/** The balance the payout's mail tells, as it was queued with the payout. */
async function mailedBalance(t: TestApp, payoutRowId: string) {
  const [job] = await t.database.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.dedupeKey, `payout-mail:${payoutRowId}`));
  return (job?.payload as { balance?: unknown } | undefined)?.balance;
}

/**
 * Expects the balance the payout answered to be the one its mail tells, its statement's closing
 * balance and its ledger entry's `balanceAfter`; gives the statement.
 */
export async function expectPayoutBalanceAgrees(
  t: TestApp,
  seller: TestSeller,
  recorded: RecordPayoutResponse,
) {
  const statement = await payoutStatement(t, seller, recorded.payout.id);
  expect(statement.closingBalance).toBe(recorded.balance);
  expect(await mailedBalance(t, recorded.payout.id)).toBe(recorded.balance);
  const entry = (await ledgerEntries(t, seller)).find((found) => found.id === recorded.payout.id);
  expect(entry?.balanceAfter).toBe(recorded.balance);
  return statement;
}

/** Waits until some connection waits for a lock (PostgreSQL): the call under test is held. */
export async function untilSomeoneWaits(t: TestApp) {
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = rowsOf<{ waiting: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as waiting from pg_locks where not granted`,
      ),
    );
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('nobody waits for a lock');
}
