import { randomUUID } from 'node:crypto';
import type { ListDuePayoutsResponse } from '@seller/contract/internal/list-due-payouts';
import type { RecordPurchaseResponse } from '@seller/contract/sales/record-purchase';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildCustomers } from '../../db/customer-figures.ts';
import {
  broadcastRecipients,
  broadcasts,
  customers,
  payouts,
  sales,
  unsubscribeTokens,
} from '../../db/schema.ts';
import { sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What the member site and the operator meet after a seller deleted the account: the trade
 * records stay and keep taking refunds, but no new sale lands on an account that can never be
 * paid, and the payout run never stops on it (docs/product-rules.md, "Account data").
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

/** The seller's balance (`netAmount`) paid out, then the account deleted. */
async function payOutAndDelete(
  seller: Awaited<ReturnType<typeof signUpSeller>>,
  sellerId: string,
  netAmount: number,
) {
  await t.database.db.insert(payouts).values({
    payoutId: `payout-${sellerId}`,
    sellerId,
    amount: netAmount,
    method: 'bank',
    paidAt: new Date(),
  });
  const deleted = await t.app.inject({
    method: 'DELETE',
    url: '/api/auth/account',
    headers: bearer(seller.token),
    payload: { password: seller.password },
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
}

/** A seller with one product and one sale, paid out and then deleted. */
async function deletedSeller() {
  const seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  const { product } = await createProductFor(t.app, seller.token, 'Sold before deletion');
  const order = purchase(product.id, { amount: 20_000 });
  const sale = await recordPurchase(t.app, order);
  await payOutAndDelete(seller, sellerId, sale.netAmount);
  return { sellerId, productId: product.id, order, sale };
}

const refund = (orderId: string, amount: number, kind: 'refund' | 'chargeback') =>
  signedPost(t.app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId,
    amount,
    kind,
  });

describe('a deleted account', () => {
  it('erases its buyers and its mail to them, a message not sent yet included', async () => {
    const seller = await signUpSeller(t.app);
    const sellerId = await sellerIdByEmail(t.database.db, seller.email);
    const { product } = await createProductFor(t.app, seller.token, 'Mailed guide');
    const buyer = `kept-${randomUUID()}@example.com`;
    const order = purchase(product.id, { amount: 10_000, customerEmail: buyer });
    const sold = await recordPurchase(t.app, {
      ...order,
      buyerName: 'Kept Buyer',
      marketingConsent: true,
    });
    const mailed = await t.app.inject({
      method: 'POST',
      url: '/api/customers/broadcasts',
      headers: bearer(seller.token),
      payload: { kind: 'product_update', productIds: [product.id], subject: 'v2', body: 'New.' },
    });
    expect(mailed.statusCode, mailed.body).toBe(202);
    const [customer] = await t.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.sellerId, sellerId));
    if (!customer) throw new Error('the buyer was not kept');
    await t.database.db
      .insert(unsubscribeTokens)
      .values({ token: `token-${randomUUID()}`, customerId: customer.id, kind: 'marketing' });
    await payOutAndDelete(seller, sellerId, sold.netAmount);

    const left = async () => ({
      customers: await t.database.db
        .select()
        .from(customers)
        .where(eq(customers.sellerId, sellerId)),
      broadcasts: await t.database.db
        .select()
        .from(broadcasts)
        .where(eq(broadcasts.sellerId, sellerId)),
      recipients: await t.database.db
        .select()
        .from(broadcastRecipients)
        .where(eq(broadcastRecipients.email, buyer)),
      tokens: await t.database.db
        .select()
        .from(unsubscribeTokens)
        .where(eq(unsubscribeTokens.customerId, customer.id)),
    });
    const none = { customers: [], broadcasts: [], recipients: [], tokens: [] };
    expect(await left()).toEqual(none);
    // The sale still names its buyer; rebuilding the buyers from the sales brings none back.
    const [sale] = await t.database.db.select().from(sales).where(eq(sales.sellerId, sellerId));
    expect(sale).toMatchObject({ customerEmail: buyer, buyerName: 'Kept Buyer' });
    await t.database.db.execute(rebuildCustomers());
    expect(await left()).toEqual(none);
  });

  it('refuses a new purchase of its products with 404 not_found and records nothing', async () => {
    const { sellerId, productId } = await deletedSeller();
    const late = await signedPost(t.app, '/api/internal/purchases', purchase(productId));
    expect(late.statusCode, late.body).toBe(404);
    expect(late.json()).toMatchObject({ code: 'not_found' });
    const kept = await t.database.db.select().from(sales).where(eq(sales.sellerId, sellerId));
    expect(kept).toHaveLength(1);
  });

  it('still answers the member site retrying a purchase recorded before the deletion', async () => {
    const { order, sale } = await deletedSeller();
    const replay = await signedPost(t.app, '/api/internal/purchases', order);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json<RecordPurchaseResponse>().sale.purchaseId).toBe(sale.purchaseId);
  });

  it('still records refunds and chargebacks of its earlier sales', async () => {
    const { order } = await deletedSeller();
    const refunded = await refund(order.orderId, 5_000, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(201);
    const chargedBack = await refund(order.orderId, 15_000, 'chargeback');
    expect(chargedBack.statusCode, chargedBack.body).toBe(201);
    expect(chargedBack.json()).toMatchObject({ sale: { status: 'refunded' } });
  });

  it('never makes the payouts due fail, and is never listed, with the API or the command', async () => {
    const deleted = await deletedSeller();
    // A sale that reached the account while it was being deleted leaves it a balance.
    await t.database.db.execute(sql`
      insert into sales (order_id, seller_id, product_id, customer_email, payment_method,
                         amount, commission_rate_bp, commission_amount, net_amount, purchased_at)
      values (${`order-${randomUUID()}`}, ${deleted.sellerId}, ${deleted.productId},
              'buyer@example.com', 'card', 30000, 0, 0, 30000, now())`);
    const active = await signUpSeller(t.app);
    const activeId = await sellerIdByEmail(t.database.db, active.email);
    const { product } = await createProductFor(t.app, active.token, 'Still on sale');
    await recordPurchase(t.app, purchase(product.id, { amount: 30_000 }));

    const due = await signedPost(t.app, '/api/internal/payouts/due', {});
    expect(due.statusCode, due.body).toBe(200);
    const listed = due.json<ListDuePayoutsResponse>().sellers.map((row) => row.sellerId);
    expect(listed).toContain(activeId);
    expect(listed).not.toContain(deleted.sellerId);

    // `npm run payouts:due` asks the same service.
    const fromCommand = (await t.app.payouts.due(1)).map((row) => row.sellerId);
    expect(fromCommand).toContain(activeId);
    expect(fromCommand).not.toContain(deleted.sellerId);
  });
});
