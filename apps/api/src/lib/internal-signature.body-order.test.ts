import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalSecret } from '../test/member-site-calls.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { signInternalRequest } from './internal-signature.ts';

/**
 * Regression (found by the access matrix): an unsigned call with a body that could not be
 * parsed got a 400 or 415 before its signature was looked at. The signature now comes first;
 * a signed caller still learns what was wrong with its body.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

const bodies = [
  ['invalid JSON', 'application/json', '{"krw":', 400, 'invalid_json'],
  ['empty JSON body', 'application/json', '', 400, 'invalid_json'],
  ['__proto__ key', 'application/json', '{"__proto__":{"x":1}}', 400, 'invalid_json'],
  ['text body', 'text/plain', 'krw=1', 415, 'unsupported_media_type'],
  ['XML body', 'application/xml', '<krw/>', 415, 'unsupported_media_type'],
] as const;

describe('internal API: the signature is checked before the body is judged', () => {
  it.each(bodies)('unsigned %s is a 401', async (_name, contentType, payload) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/internal/exchange-rate',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Missing or invalid signature',
      code: 'unauthorized',
    });
  });

  it.each(bodies)(
    'signed %s is refused for what it is',
    async (_name, type, payload, status, code) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/internal/exchange-rate',
        headers: {
          'content-type': type,
          'x-signature': signInternalRequest(internalSecret, payload),
        },
        payload,
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ code });
    },
  );

  it('still accepts a signed valid body', async () => {
    const payload = JSON.stringify({ krw: 1400, cny: 7.2, date: '2030-01-02' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/internal/exchange-rate',
      headers: {
        'content-type': 'application/json',
        'x-signature': signInternalRequest(internalSecret, payload),
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
