import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema.ts';
import { internalSecret, purchase, recordPurchase } from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

async function createToken(seller: TestSeller, scopes: string[], name = 'script') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/api-tokens',
    headers: bearer(seller.token),
    payload: { name, scopes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; token: string; scopes: string[]; name: string }>();
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('personal API tokens', () => {
  it('are shown once, listed without the secret, and stored only as a hash', async () => {
    const seller = await signUpSeller(t.app);
    const created = await createToken(seller, ['products:read', 'sales:read'], 'nightly export');
    expect(created.token).toMatch(/^sc_[A-Za-z0-9_-]{40}$/);
    const listed = await call('GET', '/api/auth/api-tokens', seller.token);
    expect(listed.json()).toEqual({
      tokens: [
        {
          id: created.id,
          name: 'nightly export',
          scopes: ['products:read', 'sales:read'],
          prefix: created.token.slice(0, 11),
          createdAt: expect.any(String),
          lastUsedAt: null,
        },
      ],
    });
    expect(listed.body).not.toContain(created.token);
    const rows = await t.database.db.select().from(apiTokens);
    expect(JSON.stringify(rows)).not.toContain(created.token);
  });

  it('reach only the operations of their scopes', async () => {
    const seller = await signUpSeller(t.app);
    const product = await createProductFor(t.app, seller.token);
    await recordPurchase(t.app, purchase(product.product.id));
    const reader = await createToken(seller, ['products:read']);
    const sales = await createToken(seller, ['sales:read']);
    const writer = await createToken(seller, ['products:write']);

    const list = await call('GET', '/api/products/my-products', reader.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().products).toHaveLength(1);
    expect(
      (await call('GET', `/api/products/${product.product.id}`, reader.token)).statusCode,
    ).toBe(200);
    const transactions = await call('GET', '/api/products/sales/transactions', sales.token);
    expect(transactions.statusCode).toBe(200);
    expect(transactions.json().transactions).toHaveLength(1);

    const refused = await call('GET', '/api/products/sales/transactions', reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    expect(refused.headers['www-authenticate']).toContain('insufficient_scope');
    const write = await call('PUT', `/api/products/${product.product.id}`, reader.token, {
      title: 'Renamed',
    });
    expect(write.statusCode).toBe(403);
    const renamed = await call('PUT', `/api/products/${product.product.id}`, writer.token, {
      title: 'Renamed',
    });
    expect(renamed.statusCode).toBe(200);
    const upload = await call('POST', '/api/products/get-upload-url', writer.token, {
      fileName: 'a.pdf',
      fileType: 'application/pdf',
      fileSize: 10,
      isImage: false,
    });
    expect(upload.statusCode).toBe(200);
  });

  it('can never manage the account: tokens, webhooks, password, two factors, profile, payout', async () => {
    const seller = await signUpSeller(t.app);
    const all = await createToken(seller, ['products:read', 'products:write', 'sales:read']);
    for (const [method, url, payload] of [
      ['GET', '/api/auth/profile'],
      ['PUT', '/api/auth/profile', { nickname: null, bio: null }],
      ['GET', '/api/auth/api-tokens'],
      ['POST', '/api/auth/api-tokens', { name: 'more', scopes: ['sales:read'] }],
      ['DELETE', `/api/auth/api-tokens/${all.id}`],
      ['GET', '/api/webhook'],
      ['PUT', '/api/webhook', { url: 'https://example.com/hook', events: ['sale.created'] }],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'Yet-Another-9' }],
      ['POST', '/api/auth/2fa/setup'],
      ['GET', '/api/auth/settlement-info'],
      ['POST', '/api/auth/logout'],
      [
        'POST',
        '/api/auth/avatar-upload-url',
        { fileName: 'a.png', fileType: 'image/png', fileSize: 9 },
      ],
    ] as const) {
      const response = await call(method, url, all.token, payload as object | undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'insufficient_scope' });
    }
  });

  it('revocation is immediate, on every server copy; another seller cannot revoke', async () => {
    const seller = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const token = await createToken(seller, ['products:read']);
    const sibling = await createSiblingApp(t, {
      JWT_SECRET: t.config.jwtSecret,
      INTERNAL_API_SECRET: internalSecret,
    });
    try {
      const before = await sibling.inject({
        url: '/api/products/my-products',
        headers: bearer(token.token),
      });
      expect(before.statusCode).toBe(200);
      const foreign = await call('DELETE', `/api/auth/api-tokens/${token.id}`, other.token);
      expect(foreign.statusCode).toBe(404);
      const revoked = await call('DELETE', `/api/auth/api-tokens/${token.id}`, seller.token);
      expect(revoked.statusCode).toBe(204);
      const after = await sibling.inject({
        url: '/api/products/my-products',
        headers: bearer(token.token),
      });
      expect(after.statusCode).toBe(401);
      expect(after.headers['www-authenticate']).toContain('invalid_token');
      expect((await call('GET', '/api/auth/api-tokens', seller.token)).json().tokens).toEqual([]);
    } finally {
      await sibling.close();
    }
  });

  it('records the last use', async () => {
    const seller = await signUpSeller(t.app);
    const token = await createToken(seller, ['products:read']);
    await call('GET', '/api/products/my-products', token.token);
    await expect
      .poll(
        async () =>
          (await call('GET', '/api/auth/api-tokens', seller.token)).json().tokens[0].lastUsedAt,
      )
      .not.toBeNull();
  });

  it('a made-up token is a 401, and a seller holds at most 20 tokens', async () => {
    const made = await call('GET', '/api/products/my-products', `sc_${'x'.repeat(40)}`);
    expect(made.statusCode).toBe(401);
    const seller = await signUpSeller(t.app);
    for (let i = 0; i < 20; i += 1) await createToken(seller, ['sales:read'], `t${i}`);
    const extra = await call('POST', '/api/auth/api-tokens', seller.token, {
      name: 'one too many',
      scopes: ['sales:read'],
    });
    expect(extra.statusCode).toBe(409);
  });

  it('refuses unknown scopes and empty names', async () => {
    const seller = await signUpSeller(t.app);
    for (const payload of [
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: [] },
      { name: '  ', scopes: ['sales:read'] },
      { name: 'x', scopes: ['sales:read', 'sales:read'] },
    ]) {
      const response = await call('POST', '/api/auth/api-tokens', seller.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('a token is throttled on its own', () => {
  it('answers 429 past its requests a minute, while the session and other tokens go on', async () => {
    const limited = await createTestApp({ RATE_LIMIT_API_TOKEN_PER_MINUTE: '3' });
    try {
      const seller = await signUpSeller(limited.app);
      const make = async () =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/auth/api-tokens',
            headers: bearer(seller.token),
            payload: { name: 'x', scopes: ['products:read'] },
          })
        ).json<{ token: string }>().token;
      const [first, second] = [await make(), await make()];
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await limited.app.inject({ url: '/api/products/my-products', headers: bearer(first) }))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const otherToken = await limited.app.inject({
        url: '/api/products/my-products',
        headers: bearer(second),
      });
      expect(otherToken.statusCode).toBe(200);
      const session = await limited.app.inject({
        url: '/api/products/my-products',
        headers: bearer(seller.token),
      });
      expect(session.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
