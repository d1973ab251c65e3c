import { randomUUID } from 'node:crypto';
import type { Discount } from '@seller/contract/discounts/discount';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, discounts } from '../../db/schema.ts';
import { signInternalRequest } from '../../lib/internal-signature.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, signedPost } from '../../test/member-site-calls.ts';
import { bearer, signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createDiscountRepository } from './discounts.repository.ts';

let t: TestApp;
let token: string;
let sellerId: string;
let productId: string;
let otherProductId: string;
let clockAt = Date.parse('2026-06-01T03:00:00Z');

beforeAll(async () => {
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, DISCOUNT_HOLD_SECONDS: '600' },
    { clock: () => new Date(clockAt) },
  );
  const seller = await signUpSeller(t.app);
  token = seller.token;
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
  productId = await insertProduct(t.database.db, sellerId, { title: 'Guide', price: 10_000 });
  otherProductId = await insertProduct(t.database.db, sellerId, { title: 'Other' });
});
afterAll(async () => {
  await t.close();
});

const uniqueCode = (prefix = 'C') => `${prefix}${randomUUID().slice(0, 8)}`.toUpperCase();

async function createDiscount(body: Record<string, unknown>, as = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: bearer(as),
    payload: body,
  });
}

async function discountOf(body: Record<string, unknown>): Promise<Discount> {
  const response = await createDiscount(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ discount: Discount }>().discount;
}

async function listed(query = ''): Promise<Discount[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/discounts${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ discounts: Discount[] }>().discounts;
}

const find = async (id: string, query = '?status=') =>
  (await listed(query === '?status=' ? '' : query)).find((discount) => discount.id === id);

function releaseCall(orderId: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/internal/discounts/redemptions/${encodeURIComponent(orderId)}`,
    headers: { 'x-signature': signInternalRequest(internalSecret, '') },
  });
}

const redeem = (body: Record<string, unknown>) =>
  signedPost(t.app, '/api/internal/discounts/redeem', body);
const validate = (body: Record<string, unknown>) =>
  signedPost(t.app, '/api/internal/discounts/validate', body);

describe('discount codes: the seller', () => {
  it('creates a percent code in capitals, active, with no uses yet', async () => {
    const code = uniqueCode('spring-');
    const discount = await discountOf({ code: code.toLowerCase(), kind: 'percent', percent: 15 });
    expect(discount).toMatchObject({
      code,
      kind: 'percent',
      percent: 15,
      amount: null,
      productIds: [],
      maxUses: null,
      minAmount: 0,
      uses: 0,
      revenue: 0,
      discountGiven: 0,
      status: 'active',
    });
  });

  it('refuses a code outside 3–32 of A–Z 0–9 _ - with 400', async () => {
    for (const code of ['AB', 'A'.repeat(33), 'NO SPACE', '한글코드', 'A.B.C']) {
      const response = await createDiscount({ code, kind: 'percent', percent: 10 });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().details[0]).toMatchObject({
        path: 'code',
        code: 'discountCodeInvalid',
      });
    }
  });

  it('refuses a percent outside 1–100, a fixed code without amount, an end before the start', async () => {
    const code = uniqueCode();
    expect((await createDiscount({ code, kind: 'percent', percent: 101 })).statusCode).toBe(400);
    expect((await createDiscount({ code, kind: 'percent', percent: 0 })).statusCode).toBe(400);
    expect((await createDiscount({ code, kind: 'fixed' })).statusCode).toBe(400);
    expect(
      (await createDiscount({ code, kind: 'fixed', amount: 100, percent: 5 })).statusCode,
    ).toBe(400);
    const dates = await createDiscount({
      code,
      kind: 'fixed',
      amount: 100,
      startsAt: '2026-06-02T00:00:00Z',
      endsAt: '2026-06-01T00:00:00Z',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().details[0]).toMatchObject({ path: 'endsAt', code: 'discountDatesInvalid' });
  });

  it("refuses another seller's product with 400", async () => {
    const other = await signUpSeller(t.app);
    const theirProduct = await insertProduct(
      t.database.db,
      await sellerIdByEmail(t.database.db, other.email),
    );
    const response = await createDiscount({
      code: uniqueCode(),
      kind: 'percent',
      percent: 10,
      productIds: [theirProduct],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: 'productIds' });
  });

  it('answers 409 code_taken for the same letters in any case, free again once archived', async () => {
    const code = uniqueCode();
    const first = await discountOf({ code, kind: 'percent', percent: 10 });
    const taken = await createDiscount({ code: code.toLowerCase(), kind: 'fixed', amount: 500 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('code_taken');
    const archived = await t.app.inject({
      method: 'DELETE',
      url: `/api/discounts/${first.id}`,
      headers: bearer(token),
    });
    expect(archived.statusCode).toBe(204);
    expect((await createDiscount({ code, kind: 'fixed', amount: 500 })).statusCode).toBe(201);
    const archivedList = await listed('?status=archived');
    expect(archivedList.find((d) => d.id === first.id)?.status).toBe('archived');
    expect((await listed()).some((d) => d.id === first.id)).toBe(false);
  });

  it('lets two sellers use the same letters', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'percent', percent: 10 });
    const other = await signUpSeller(t.app);
    expect(
      (await createDiscount({ code, kind: 'percent', percent: 10 }, other.token)).statusCode,
    ).toBe(201);
  });

  it('derives scheduled, expired and used_up from dates and uses, and filters by status', async () => {
    const scheduled = await discountOf({
      code: uniqueCode(),
      kind: 'percent',
      percent: 5,
      startsAt: new Date(clockAt + 86_400_000).toISOString(),
    });
    const expired = await discountOf({
      code: uniqueCode(),
      kind: 'percent',
      percent: 5,
      endsAt: new Date(clockAt - 1000).toISOString(),
    });
    expect(scheduled.status).toBe('scheduled');
    expect(expired.status).toBe('expired');
    const onlyScheduled = await listed('?status=scheduled');
    expect(onlyScheduled.map((d) => d.id)).toContain(scheduled.id);
    expect(onlyScheduled.every((d) => d.status === 'scheduled')).toBe(true);
    expect((await listed('?status=expired')).map((d) => d.id)).toContain(expired.id);
    const badStatus = await t.app.inject({
      method: 'GET',
      url: '/api/discounts?status=soon',
      headers: bearer(token),
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('edits a code, and freezes its kind and value after the first use (409 discount_in_use)', async () => {
    const code = uniqueCode();
    const discount = await discountOf({ code, kind: 'percent', percent: 10 });
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/discounts/${discount.id}`,
        headers: bearer(token),
        payload: body,
      });
    const edited = await put({ code, kind: 'percent', percent: 20, maxUses: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().discount).toMatchObject({ percent: 20, maxUses: 5 });

    const orderId = `order-${randomUUID()}`;
    expect((await redeem({ orderId, productId, code, amount: 10_000 })).statusCode).toBe(201);
    const sale = await signedPost(t.app, '/api/internal/purchases', {
      orderId,
      productId,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'card',
      amount: 8000,
      listAmount: 10_000,
      discountCode: code,
      purchasedAt: new Date(clockAt).toISOString(),
    });
    expect(sale.statusCode, sale.body).toBe(201);

    const frozen = await put({ code, kind: 'percent', percent: 30, maxUses: 5 });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().code).toBe('discount_in_use');
    expect((await put({ code, kind: 'fixed', amount: 100 })).json().code).toBe('discount_in_use');
    const stillEditable = await put({ code, kind: 'percent', percent: 20, maxUses: 9 });
    expect(stillEditable.statusCode).toBe(200);
    expect(stillEditable.json().discount).toMatchObject({ maxUses: 9, uses: 1 });
  });

  it("answers 404 for another seller's discount and for a malformed id", async () => {
    const other = await signUpSeller(t.app);
    const discount = await discountOf({ code: uniqueCode(), kind: 'percent', percent: 10 });
    for (const url of [`/api/discounts/${discount.id}`, '/api/discounts/nope']) {
      const response = await t.app.inject({
        method: 'PUT',
        url,
        headers: bearer(other.token),
        payload: { code: uniqueCode(), kind: 'percent', percent: 10 },
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('makes single-use codes in bulk and exports them as CSV', async () => {
    const discount = await discountOf({ code: uniqueCode(), kind: 'fixed', amount: 1000 });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/discounts/${discount.id}/codes`,
      headers: bearer(token),
      payload: { count: 25, prefix: 'rev-' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ created: 25 });
    for (const count of [0, 5001]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/discounts/${discount.id}/codes`,
        headers: bearer(token),
        payload: { count },
      });
      expect(refused.statusCode).toBe(400);
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/discounts/${discount.id}/codes/export`,
      headers: bearer(token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('code,uses,usedAt,orderId');
    expect(lines).toHaveLength(26);
    const codes = lines.slice(1).map((line) => line.split(',')[0] ?? '');
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^REV-[A-Z0-9]{10}$/);
    expect((await find(discount.id))?.singleUseCodes).toBe(25);

    // A single-use code is held by one order, used once, and its use is in the export.
    const [single = ''] = codes;
    const orderId = `order-${randomUUID()}`;
    expect((await redeem({ orderId, productId, code: single, amount: 5000 })).statusCode).toBe(201);
    const second = await redeem({
      orderId: `order-${randomUUID()}`,
      productId,
      code: single,
      amount: 5000,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('discount_used_up');
    const sale = await signedPost(t.app, '/api/internal/purchases', {
      orderId,
      productId,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'card',
      amount: 4000,
      listAmount: 5000,
      discountCode: single.toLowerCase(),
      purchasedAt: new Date(clockAt).toISOString(),
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/discounts/${discount.id}/codes/export`,
      headers: bearer(token),
    });
    const used = after.body.split('\r\n').find((line) => line.startsWith(single));
    expect(used).toMatch(new RegExp(`^${single},1,2026-06-01 12:00:00,${orderId}$`));
    expect(await find(discount.id)).toMatchObject({ uses: 1, revenue: 4000, discountGiven: 1000 });
  });
});

describe('discount codes: the member site', () => {
  it('validates a percent code: floor(amount × percent ÷ 100) off, nothing held', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'percent', percent: 15, maxUses: 1 });
    const response = await validate({ productId, code: code.toLowerCase(), amount: 9999 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      discount: { code, kind: 'percent', percent: 15, amount: null },
      discountAmount: 1499,
      finalAmount: 8500,
    });
    // Validating holds nothing: the one use is still there.
    expect((await validate({ productId, code, amount: 9999 })).statusCode).toBe(200);
  });

  it('takes a fixed amount off, at most the price (a free copy)', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'fixed', amount: 5000 });
    const response = await validate({ productId, code, amount: 3000 });
    expect(response.json()).toMatchObject({ discountAmount: 3000, finalAmount: 0 });
  });

  it('refuses with the code of each rule', async () => {
    const scheduled = uniqueCode();
    await discountOf({
      code: scheduled,
      kind: 'percent',
      percent: 10,
      startsAt: new Date(clockAt + 60_000).toISOString(),
    });
    const ended = uniqueCode();
    await discountOf({
      code: ended,
      kind: 'percent',
      percent: 10,
      endsAt: new Date(clockAt).toISOString(),
    });
    const forOther = uniqueCode();
    await discountOf({
      code: forOther,
      kind: 'percent',
      percent: 10,
      productIds: [otherProductId],
    });
    const minimum = uniqueCode();
    await discountOf({ code: minimum, kind: 'percent', percent: 10, minAmount: 20_000 });
    const archived = await discountOf({ code: uniqueCode(), kind: 'percent', percent: 10 });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/discounts/${archived.id}`,
      headers: bearer(token),
    });
    const cases: [string, string, number][] = [
      [uniqueCode(), 'discount_not_found', 404],
      [archived.code, 'discount_not_found', 404],
      [scheduled, 'discount_inactive', 409],
      [ended, 'discount_inactive', 409],
      [forOther, 'discount_not_applicable', 409],
      [minimum, 'discount_below_minimum', 409],
    ];
    for (const [code, errorCode, status] of cases) {
      for (const call of [validate, redeem]) {
        const response = await call({
          orderId: `order-${randomUUID()}`,
          productId,
          code,
          amount: 10_000,
        });
        expect(response.statusCode, `${code} ${errorCode}`).toBe(status);
        expect(response.json().code).toBe(errorCode);
      }
    }
    const unknownProduct = await validate({ productId: randomUUID(), code: minimum, amount: 1 });
    expect(unknownProduct.json().code).toBe('discount_not_found');
  });

  it('holds a use per order: a replay is 200, other content 409, the limit counts holds', async () => {
    const code = uniqueCode();
    const discount = await discountOf({ code, kind: 'fixed', amount: 1000, maxUses: 2 });
    const orderId = `order-${randomUUID()}`;
    const body = { orderId, productId, code, amount: 10_000 };
    const first = await redeem(body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().redemption).toEqual({
      orderId,
      code,
      discountAmount: 1000,
      finalAmount: 9000,
      expiresAt: new Date(clockAt + 600_000).toISOString(),
    });
    const replay = await redeem({ ...body, code: code.toLowerCase() });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const changed = await redeem({ ...body, amount: 12_000 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('conflict');

    expect((await redeem({ ...body, orderId: `order-${randomUUID()}` })).statusCode).toBe(201);
    const third = await redeem({ ...body, orderId: `order-${randomUUID()}` });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('discount_used_up');
    expect((await validate({ productId, code, amount: 10_000 })).json().code).toBe(
      'discount_used_up',
    );

    // Releasing frees the use at once; releasing again is a 204 too.
    expect((await releaseCall(orderId)).statusCode).toBe(204);
    expect((await releaseCall(orderId)).statusCode).toBe(204);
    const again = await redeem({ ...body, orderId: `order-${randomUUID()}` });
    expect(again.statusCode).toBe(201);
    expect((await find(discount.id))?.uses).toBe(0);
  });

  it('applies a code for a product to its id sent in capitals', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'fixed', amount: 1000, productIds: [productId] });
    const shouted = productId.toUpperCase();
    const checked = await validate({ productId: shouted, code, amount: 10_000 });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toMatchObject({ discountAmount: 1000, finalAmount: 9000 });
    const body = { orderId: `order-${randomUUID()}`, productId: shouted, code, amount: 10_000 };
    expect((await redeem(body)).statusCode).toBe(201);
  });

  it('answers a replayed hold whose product id was sent in capitals with 200', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'fixed', amount: 1000 });
    const body = {
      orderId: `order-${randomUUID()}`,
      productId: productId.toUpperCase(),
      code,
      amount: 10_000,
    };
    const first = await redeem(body);
    expect(first.statusCode, first.body).toBe(201);
    for (const replayed of [body, { ...body, productId }]) {
      const replay = await redeem(replayed);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toEqual(first.json());
    }
  });

  it('frees a hold when it expires', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'percent', percent: 50, maxUses: 1 });
    expect(
      (await redeem({ orderId: `order-${randomUUID()}`, productId, code, amount: 100 })).statusCode,
    ).toBe(201);
    const blocked = await redeem({
      orderId: `order-${randomUUID()}`,
      productId,
      code,
      amount: 100,
    });
    expect(blocked.json().code).toBe('discount_used_up');
    clockAt += 600_000;
    const later = await redeem({ orderId: `order-${randomUUID()}`, productId, code, amount: 100 });
    expect(later.statusCode).toBe(201);
  });

  it('replaces an expired hold of the same order for a code without a limit', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'percent', percent: 20 });
    const body = { orderId: `order-${randomUUID()}`, productId, code, amount: 1000 };
    expect((await redeem(body)).statusCode).toBe(201);
    clockAt += 600_000;
    const again = await redeem({ ...body, amount: 2000 });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().redemption).toMatchObject({ discountAmount: 400, finalAmount: 1600 });
  });

  it('writes the hold of a code read without a lock only if it is still as read', async () => {
    const repository = createDiscountRepository(t.database);
    const at = new Date(clockAt);
    const holdFor = async (code: string) => {
      const found = await repository.findCodeForProduct({ productId, code, orderId: null });
      if (!found) throw new Error(`code ${code} not found`);
      const orderId = `order-${randomUUID()}`;
      return {
        orderId,
        write: () =>
          repository.holdAsRead(found, {
            orderId,
            productId,
            amount: 1000,
            discountAmount: 100,
            finalAmount: 900,
            expiresAt: new Date(at.getTime() + 60_000),
          }),
      };
    };
    const heldRows = (orderId: string) =>
      t.database.db
        .select()
        .from(discountRedemptions)
        .where(eq(discountRedemptions.orderId, orderId));

    const unchanged = await holdFor(
      (await discountOf({ code: uniqueCode(), kind: 'percent', percent: 10 })).code,
    );
    expect(await unchanged.write()).toBe(true);
    expect(await heldRows(unchanged.orderId)).toHaveLength(1);

    // Each change made between the read and the write sends the redeem the locked way.
    const changes: ((id: string) => Promise<unknown>)[] = [
      (id) => t.database.db.update(discounts).set({ maxUses: 5 }).where(eq(discounts.id, id)),
      (id) => t.database.db.update(discounts).set({ percent: 50 }).where(eq(discounts.id, id)),
      (id) => t.database.db.update(discounts).set({ archivedAt: at }).where(eq(discounts.id, id)),
      (id) =>
        t.database.db
          .update(discounts)
          .set({ endsAt: at, productIds: [otherProductId] })
          .where(eq(discounts.id, id)),
      (id) =>
        t.database.db
          .update(discountCodes)
          .set({ archived: true })
          .where(eq(discountCodes.discountId, id)),
    ];
    for (const change of changes) {
      const discount = await discountOf({ code: uniqueCode(), kind: 'percent', percent: 10 });
      const hold = await holdFor(discount.code);
      await change(discount.id);
      expect(await hold.write()).toBe(false);
      expect(await heldRows(hold.orderId)).toHaveLength(0);
    }
  });

  it('refuses unsigned calls with 401', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/internal/discounts/validate',
      payload: { productId, code: 'ANY', amount: 1 },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('discount codes: the purchase', () => {
  const buy = (body: Record<string, unknown>) =>
    signedPost(t.app, '/api/internal/purchases', {
      orderId: `order-${randomUUID()}`,
      productId,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'card',
      purchasedAt: new Date(clockAt).toISOString(),
      ...body,
    });

  async function transactionOf(orderId: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/sales/transactions?limit=100',
      headers: bearer(token),
    });
    return response
      .json<{ transactions: { order_id: string }[] }>()
      .transactions.find((row) => row.order_id === orderId);
  }

  it('records a sale with a used-up, an expired or an unknown code, marked over the limit', async () => {
    const usedUp = uniqueCode();
    const full = await discountOf({ code: usedUp, kind: 'fixed', amount: 500, maxUses: 1 });
    const held = `order-${randomUUID()}`;
    expect(
      (await redeem({ orderId: held, productId, code: usedUp, amount: 3000 })).statusCode,
    ).toBe(201);
    const expired = uniqueCode();
    await discountOf({
      code: expired,
      kind: 'percent',
      percent: 10,
      endsAt: new Date(clockAt - 1).toISOString(),
    });
    for (const code of [usedUp, expired, uniqueCode()]) {
      const orderId = `order-${randomUUID()}`;
      const sale = await buy({ orderId, amount: 2500, listAmount: 3000, discountCode: code });
      expect(sale.statusCode, sale.body).toBe(201);
      expect(await transactionOf(orderId)).toMatchObject({
        discount_code: code,
        list_amount: 3000,
        discount_amount: 500,
        discount_over_limit: true,
      });
    }
    // The held order still gets its use, within the limit; the unheld one counted past it.
    const heldSale = await buy({
      orderId: held,
      amount: 2500,
      listAmount: 3000,
      discountCode: usedUp,
    });
    expect(heldSale.statusCode).toBe(201);
    expect(await transactionOf(held)).toMatchObject({ discount_over_limit: false });
    expect(await find(full.id, '?status=used_up')).toMatchObject({
      uses: 2,
      revenue: 5000,
      discountGiven: 1000,
    });
  });

  it('records a free copy (amount 0) with a code, without commission, and refuses 0 without one', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'percent', percent: 100 });
    const orderId = `order-${randomUUID()}`;
    expect(
      (await redeem({ orderId, productId, code, amount: 7000 })).json().redemption,
    ).toMatchObject({ discountAmount: 7000, finalAmount: 0 });
    const sale = await buy({ orderId, amount: 0, listAmount: 7000, discountCode: code });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().sale).toMatchObject({ amount: 0, commissionAmount: 0, netAmount: 0 });
    expect(await transactionOf(orderId)).toMatchObject({
      discount_code: code,
      discount_amount: 7000,
      discount_over_limit: false,
    });
    const noCode = await buy({ amount: 0 });
    expect(noCode.statusCode).toBe(400);
    const belowAmount = await buy({ amount: 5000, listAmount: 4000 });
    expect(belowAmount.statusCode).toBe(400);
  });

  it('takes the held discount when no list price is sent, and answers a replay with 200', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'fixed', amount: 1200 });
    const orderId = `order-${randomUUID()}`;
    await redeem({ orderId, productId, code, amount: 6000 });
    const body = { orderId, amount: 4800, discountCode: code.toLowerCase() };
    expect((await buy(body)).statusCode).toBe(201);
    expect((await buy(body)).statusCode).toBe(200);
    expect((await buy({ ...body, discountCode: uniqueCode() })).statusCode).toBe(409);
    expect(await transactionOf(orderId)).toMatchObject({
      discount_code: code,
      list_amount: null,
      discount_amount: 1200,
      discount_over_limit: false,
    });
    // Once used, the hold stays: releasing it changes nothing, a replayed redeem is 200.
    expect((await releaseCall(orderId)).statusCode).toBe(204);
    expect((await redeem({ orderId, productId, code, amount: 6000 })).statusCode).toBe(200);
  });

  it('counts a sale with an archived code in the newest archived code of those letters', async () => {
    const code = uniqueCode('ARCH');
    const archive = async (id: string) => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/discounts/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(204);
    };
    const older = await discountOf({ code, kind: 'percent', percent: 10 });
    await archive(older.id);
    const newer = await discountOf({ code, kind: 'percent', percent: 10 });
    await archive(newer.id);
    const orderId = `order-${randomUUID()}`;
    const body = { orderId, amount: 9000, listAmount: 10_000, discountCode: code.toLowerCase() };
    const sale = await buy(body);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(await transactionOf(orderId)).toMatchObject({
      discount_code: code,
      discount_amount: 1000,
      discount_over_limit: true,
    });
    expect(await find(newer.id, '?status=archived')).toMatchObject({
      uses: 1,
      revenue: 9000,
      discountGiven: 1000,
    });
    expect(await find(older.id, '?status=archived')).toMatchObject({ uses: 0, revenue: 0 });
    // A replay counts nothing again.
    expect((await buy(body)).statusCode).toBe(200);
    expect((await find(newer.id, '?status=archived'))?.uses).toBe(1);
  });

  it('finds the code a buyer types beyond A–Z as validate does, and answers its replay with 200', async () => {
    const code = `STRASSE${randomUUID().slice(0, 6).toUpperCase()}`;
    const discount = await discountOf({ code, kind: 'fixed', amount: 500 });
    const typed = code.replace('SS', 'ß').toLowerCase();
    const orderId = `order-${randomUUID()}`;
    const held = await redeem({ orderId, productId, code: typed, amount: 3000 });
    expect(held.statusCode, held.body).toBe(201);
    const body = { orderId, amount: 2500, listAmount: 3000, discountCode: typed };
    const sale = await buy(body);
    expect(sale.statusCode, sale.body).toBe(201);
    expect(await transactionOf(orderId)).toMatchObject({
      discount_code: code,
      discount_over_limit: false,
    });
    expect(await find(discount.id)).toMatchObject({ uses: 1, revenue: 2500, discountGiven: 500 });
    const replay = await buy(body);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(sale.json());
    // A code no seller has is kept in the same capitals, and its replay is the same order.
    const unknown = { ...body, orderId: `order-${randomUUID()}`, discountCode: 'straße10' };
    expect((await buy(unknown)).statusCode).toBe(201);
    expect((await buy(unknown)).statusCode).toBe(200);
    expect(await transactionOf(unknown.orderId)).toMatchObject({
      discount_code: 'STRASSE10',
      discount_over_limit: true,
    });
  });

  it('puts the code, list price and discount in the sales CSV', async () => {
    const code = uniqueCode();
    await discountOf({ code, kind: 'fixed', amount: 300 });
    const orderId = `order-${randomUUID()}`;
    await buy({ orderId, amount: 700, listAmount: 1000, discountCode: code });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/products/sales/export',
      headers: bearer(token),
    });
    expect(csv.statusCode).toBe(200);
    const [header = '', ...lines] = csv.body.replace('\uFEFF', '').split('\r\n');
    // The discount's columns, then the buyer's (none told here).
    expect(
      header.endsWith(
        'discount_code,list_amount,discount_amount,buyer_country,buyer_locale,source,utm_campaign',
      ),
    ).toBe(true);
    const line = lines.find((row) => row.includes(orderId));
    expect(line?.endsWith(`,${code},1000,300,,,,`)).toBe(true);
  });
});
