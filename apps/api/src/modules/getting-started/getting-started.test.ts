import type { GettingStarted } from '@seller/contract/getting-started/get-getting-started';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/dashboard/getting-started';

async function checklist(seller: TestSeller): Promise<GettingStarted> {
  const response = await t.app.inject({ url, headers: bearer(seller.token) });
  expect(response.statusCode).toBe(200);
  return response.json<GettingStarted>();
}

function change(seller: TestSeller, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url,
    headers: bearer(seller.token),
    payload: payload as object,
  });
}

describe('the getting-started checklist', () => {
  it('starts with nothing done and not dismissed', async () => {
    const seller = await signUpSeller(t.app);
    expect(await checklist(seller)).toEqual({
      steps: { payoutMethod: false, firstProduct: false, creatorLinkShared: false },
      dismissed: false,
    });
  });

  it('ticks the payout method once one is saved, and unticks it when every method is cleared', async () => {
    const seller = await signUpSeller(t.app);
    const save = (payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/settlement-info',
        headers: bearer(seller.token),
        payload: payload as object,
      });
    expect(
      (await save({ paypal: { email: 'me@example.com', accountHolder: 'Me' } })).statusCode,
    ).toBe(200);
    expect((await checklist(seller)).steps.payoutMethod).toBe(true);
    expect((await save({ paypal: null })).statusCode).toBe(200);
    expect((await checklist(seller)).steps.payoutMethod).toBe(false);
  });

  it('ticks the first product while the seller has one that is not deleted', async () => {
    const seller = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, seller.email);
    await insertProduct(t.database.db, id, { status: 'deleted' });
    expect((await checklist(seller)).steps.firstProduct).toBe(false);
    await insertProduct(t.database.db, id, { status: 'inactive' });
    expect((await checklist(seller)).steps.firstProduct).toBe(true);
  });

  it('remembers that the creator link was shared, for good', async () => {
    const seller = await signUpSeller(t.app);
    const shared = await change(seller, { creatorLinkShared: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json<GettingStarted>().steps.creatorLinkShared).toBe(true);
    expect((await change(seller, {})).json<GettingStarted>().steps.creatorLinkShared).toBe(true);
    expect((await checklist(seller)).steps.creatorLinkShared).toBe(true);
    // Another seller is not affected.
    expect((await checklist(await signUpSeller(t.app))).steps.creatorLinkShared).toBe(false);
  });

  it('is dismissed and shown again on request, keeping the steps', async () => {
    const seller = await signUpSeller(t.app);
    await change(seller, { creatorLinkShared: true });
    expect((await change(seller, { dismissed: true })).json<GettingStarted>()).toEqual({
      steps: { payoutMethod: false, firstProduct: false, creatorLinkShared: true },
      dismissed: true,
    });
    expect((await checklist(seller)).dismissed).toBe(true);
    expect((await change(seller, { dismissed: false })).json<GettingStarted>().dismissed).toBe(
      false,
    );
    expect((await checklist(seller)).steps.creatorLinkShared).toBe(true);
  });

  it('refuses anything but true for the shared step, and needs a token', async () => {
    const seller = await signUpSeller(t.app);
    for (const payload of [{ creatorLinkShared: false }, { dismissed: 'yes' }]) {
      const response = await change(seller, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(401);
  });
});
