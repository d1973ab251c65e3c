import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUpSeller } from './test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const json = { 'content-type': 'application/json' };

describe('bad input never reaches a 500', () => {
  it.each([
    ['malformed JSON', '{"email": "a@b.co",', 'invalid_json'],
    ['an empty body', '', 'invalid_json'],
    ['a JSON array', '[1,2,3]', 'validation_failed'],
    ['a JSON string', '"hello"', 'validation_failed'],
    ['null', 'null', 'validation_failed'],
    ['wrong types', '{"email": 1, "nickname": [], "password": {}}', 'validation_failed'],
    ['missing fields', '{}', 'validation_failed'],
    ['a __proto__ key', '{"__proto__": {"admin": true}, "email": "a@b.co"}', 'invalid_json'],
    ['a constructor.prototype key', '{"constructor": {"prototype": {"x": 1}}}', 'invalid_json'],
  ])('%s is a 400 with a code', async (_name, payload, code) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, error: expect.any(String) });
  });

  it('a body over 1 MB is a 413', async () => {
    const payload = JSON.stringify({
      email: 'big@example.com',
      nickname: 'bigbody',
      password: 'x'.repeat(1024 * 1024 + 10),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a %s body is a 415',
    async (contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload: 'email=a@b.co&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    },
  );

  it('an authenticated route with bad input is still a 400, not a 500', async () => {
    const seller = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { ...bearer(seller.token), ...json },
      payload: '{"nickname": 42, "bio": ["x"]}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('an unknown API route is a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('security headers', () => {
  it('sends API answers of every kind the API headers: nothing rendered, framed, sniffed or stored', async () => {
    const seller = await signUpSeller(t.app);
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ url: '/api/products/my-products' }),
      await t.app.inject({ url: '/api/products/my-products', headers: bearer(seller.token) }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404, 401, 200, 400]);
    for (const response of answers) {
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'no-store',
      });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("sends pages and files helmet's headers, with a CSP without inline scripts and no framing", async () => {
    for (const url of ['/login', '/storage/download/nothing', '/api/docs']) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toMatch(/script-src 'self'\s*;/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers, url).toMatchObject({
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
      });
    }
    const page = await t.app.inject({ url: '/login' });
    expect(page.headers).toMatchObject({
      'cross-origin-opener-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
  });

  it('adds HSTS over HTTPS only (behind a trusted proxy)', async () => {
    const proxied = await createSiblingApp(t, {
      JWT_SECRET: t.config.jwtSecret,
      TRUST_PROXY: 'true',
    });
    try {
      const https = await proxied.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const http = await proxied.inject({ url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('serves the browsable docs with scripts from its own files only and no framing', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'\s*;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('describes the auth routes from the contract schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/signup',
        '/api/auth/login',
        '/api/auth/profile',
        '/api/auth/change-password',
        '/api/auth/logout',
        '/api/health',
      ]),
    );
    const signupBody = JSON.stringify(document.paths['/api/auth/signup']);
    expect(signupBody).toContain('nickname');
    expect(signupBody).toContain('"minLength":3');
  });
});
