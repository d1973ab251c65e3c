import { errorBodySchema } from '@seller/contract/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct, sellerIdByEmail } from '../test/database-rows.ts';
import { internalSecret, purchase, signedPost } from '../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { apiHeaders } from './security-headers.ts';

/**
 * Every error answer keeps the contract, whoever raises it (Fastify itself, a hook, a schema,
 * a service): `{ error, code, details? }` with a code of the catalogue, the status of that code
 * and the API's security headers.
 */
let t: TestApp;
let seller: TestSeller;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

function expectErrorAnswer(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorBodySchema.strict().parse(response.json());
  expect(body.code).toBe(code);
  expect(response.headers).toMatchObject(Object.fromEntries(apiHeaders));
  return body;
}

describe("Fastify's own errors", () => {
  it('answers a path parameter over the length limit with 414 uri_too_long', async () => {
    const response = await t.app.inject({
      url: `/api/products/${'a'.repeat(200)}`,
      headers: bearer(seller.token),
    });
    const body = expectErrorAnswer(response, 414, 'uri_too_long');
    // The answer does not echo the long path back.
    expect(body.error.length).toBeLessThan(100);
  });

  it('answers a URL it cannot decode with 400 validation_failed', async () => {
    const response = await t.app.inject({ url: '/api/products/%E0%A4%A' });
    expectErrorAnswer(response, 400, 'validation_failed');
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectErrorAnswer(response, 413, 'payload_too_large');
  });

  it('answers a body of another type with 415 unsupported_media_type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectErrorAnswer(response, 415, 'unsupported_media_type');
  });

  it.each(['/api/nothing-here', '/api/products/a/b/c/d', '/api'])(
    'answers the unknown API route %s with 404 not_found',
    async (url) => {
      expectErrorAnswer(await t.app.inject({ url }), 404, 'not_found');
      expectErrorAnswer(await t.app.inject({ method: 'POST', url }), 404, 'not_found');
    },
  );

  it('answers a public file name of any length with 404, never 500', async () => {
    for (const length of [10, 300, 5000]) {
      const response = await t.app.inject({ url: `/storage/public/${'a'.repeat(length)}.png` });
      expect(response.statusCode, `${length}`).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('not_found');
    }
  });
});

describe('401 answers name the scheme (WWW-Authenticate)', () => {
  it('says Bearer when no token was sent', async () => {
    const response = await t.app.inject({ url: '/api/auth/profile' });
    expectErrorAnswer(response, 401, 'unauthorized');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="seller-center"');
  });

  it.each([
    ['a malformed token', 'Bearer not a token'],
    ['a forged token', 'Bearer abc.def.ghi'],
  ])('adds error="invalid_token" for %s', async (_name, authorization) => {
    const response = await t.app.inject({ url: '/api/auth/profile', headers: { authorization } });
    expectErrorAnswer(response, 401, 'unauthorized');
    expect(response.headers['www-authenticate']).toBe(
      'Bearer realm="seller-center", error="invalid_token"',
    );
  });

  it('adds error="invalid_token" for a token revoked by logout', async () => {
    const other = await signUpSeller(t.app);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) });
    const response = await t.app.inject({ url: '/api/auth/profile', headers: bearer(other.token) });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('says Bearer on a refused login too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: seller.email, password: 'not-the-password' },
    });
    expectErrorAnswer(response, 401, 'invalid_credentials');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('names the signature on an unsigned internal call', async () => {
    const response = await signedPost(t.app, '/api/internal/purchases', {}, { signature: null });
    expectErrorAnswer(response, 401, 'unauthorized');
    expect(response.headers['www-authenticate']).toMatch(/^Signature /);
  });
});

describe('a JSON content type with an empty body', () => {
  it('is accepted by DELETE /api/products/{id}', async () => {
    const owner = await signUpSeller(t.app);
    const productId = await insertProduct(
      t.database.db,
      await sellerIdByEmail(t.database.db, owner.email),
    );
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${productId}`,
      headers: { ...bearer(owner.token), ...json },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(204);
  });

  it('is accepted by POST /api/auth/logout', async () => {
    const other = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(other.token), ...json },
      payload: '',
    });
    expect(response.statusCode, response.body).toBe(204);
    const after = await t.app.inject({ url: '/api/auth/profile', headers: bearer(other.token) });
    expect(after.statusCode).toBe(401);
  });

  it.each([
    ['POST', '/api/auth/signup'],
    ['PUT', '/api/auth/settlement-info'],
    ['POST', '/api/products/create'],
  ] as const)('is still refused by %s %s, which needs a body', async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...bearer(seller.token), ...json },
      payload: '',
    });
    expectErrorAnswer(response, 400, 'invalid_json');
  });

  it('does not let a malformed body through on a route without a body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...bearer(seller.token), ...json },
      payload: '{"oops"',
    });
    expectErrorAnswer(response, 400, 'invalid_json');
  });
});

describe('validation details are { path, code, message }', () => {
  it('gives a schema rule its contract key and its English text', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'not-an-email', nickname: 'Bad Nick', password: 'pw' },
    });
    const body = expectErrorAnswer(response, 400, 'validation_failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', code: 'emailInvalid', message: 'Please enter a valid email address.' },
        {
          path: 'nickname',
          code: 'nicknameOnlyLowercase',
          message: 'Use only lowercase letters and numbers.',
        },
        {
          path: 'password',
          code: 'passwordMin',
          message: 'The password must be at least 6 characters long.',
        },
      ]),
    );
    expect(body.error).toContain('Please enter a valid email address.');
  });

  it("gives a rule without a key zod's issue code and English message", async () => {
    const owner = await signUpSeller(t.app);
    const productId = await insertProduct(
      t.database.db,
      await sellerIdByEmail(t.database.db, owner.email),
    );
    const response = await signedPost(
      t.app,
      '/api/internal/purchases',
      purchase(productId, { amount: 'many' as unknown as number }),
    );
    const body = expectErrorAnswer(response, 400, 'validation_failed');
    expect(body.details).toEqual([
      { path: 'amount', code: 'invalid_type', message: expect.stringMatching(/expected number/) },
    ]);
  });

  it('gives a nested field its dot-separated path', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/settlement-info',
      headers: bearer(seller.token),
      payload: { bank: { name: 'Kookmin Bank' } },
    });
    const body = expectErrorAnswer(response, 400, 'validation_failed');
    expect(body.details).toContainEqual({
      path: 'bank.account',
      code: 'settlementFieldRequired',
      message: 'Please fill in this field, or leave this payout method empty.',
    });
  });

  it("gives the server's own rules the same shape", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(seller.token),
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-password-1' },
    });
    const body = expectErrorAnswer(response, 400, 'wrong_password');
    expect(body.details).toEqual([
      {
        path: 'currentPassword',
        code: 'wrongPassword',
        message: 'The current password is not correct.',
      },
    ]);
  });
});

describe('identifiers are taken as sent', () => {
  it.each([' A-1001', 'A-1001 ', '\tA-1001'])('refuses the order id %j', async (orderId) => {
    const owner = await signUpSeller(t.app);
    const productId = await insertProduct(
      t.database.db,
      await sellerIdByEmail(t.database.db, owner.email),
    );
    const response = await signedPost(
      t.app,
      '/api/internal/purchases',
      purchase(productId, { orderId }),
    );
    const body = expectErrorAnswer(response, 400, 'validation_failed');
    expect(body.details).toContainEqual(
      expect.objectContaining({ path: 'orderId', code: 'orderIdInvalid' }),
    );
  });
});
