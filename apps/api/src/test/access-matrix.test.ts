import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '../db/schema.ts';
import { toFastifyPath } from '../lib/define-route.ts';
import { signInternalRequest } from '../lib/internal-signature.ts';
import { createTokenService } from '../modules/auth/tokens.ts';
import {
  accessMatrix,
  type MatrixEntry,
  type MatrixRequest,
  type MatrixWorld,
} from './access-matrix.ts';
import { loadContractEndpoints } from './contract-endpoints.ts';
import { internalSecret } from './member-site-calls.ts';
import { createSellerFixture, type SellerFixture, snapshotSeller } from './seller-fixtures.ts';
import { bearer, signUpSeller } from './sellers.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let world: MatrixWorld;
let webDist: string;
const registered = new Set<string>();

beforeAll(async () => {
  // A built web app, so that its static routes are registered (and classified) too.
  webDist = mkdtempSync(path.join(os.tmpdir(), 'matrix-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp(
    { INTERNAL_API_SECRET: internalSecret, WEB_DIST_DIR: webDist, WEBHOOK_ALLOW_LOOPBACK: 'true' },
    {
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) registered.add(`${method} ${route.url}`);
      },
    },
  );
  const [owner, other] = [await createSellerFixture(t), await createSellerFixture(t)];
  world = { owner, other };
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The matrix entry of a registered route; HEAD routes are Fastify's copies of GET routes. */
function entryOf(route: string): MatrixEntry | undefined {
  const [method, url] = route.split(' ') as [string, string];
  return accessMatrix[method === 'HEAD' ? `GET ${url}` : route];
}

const hasParameter = (route: string) => /[:*]/.test(route);
const concreteUrl = (url: string, value: string = randomUUID()) =>
  url.replace(/:\w+/g, value).replace('*', value);

function send(request: MatrixRequest, token?: string) {
  const isBuffer = Buffer.isBuffer(request.payload);
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...(token && request.as !== 'anonymous' ? bearer(token) : {}),
      ...(isBuffer ? { 'content-length': String((request.payload as Buffer).length) } : {}),
      ...request.headers,
    },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
}

function expectUnauthorized(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
  if (!what.startsWith('HEAD ')) {
    expect(response.json(), what).toMatchObject({
      code: 'unauthorized',
      error: expect.any(String),
    });
  }
}

/** Every string the request itself carried (URL segments, body values). */
function sentStrings(request: MatrixRequest): string[] {
  const out = request.url.split('/').filter((segment) => segment.length > 8);
  const walk = (value: unknown) => {
    if (typeof value === 'string' && value.length > 8) out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      Object.values(value).forEach(walk);
    }
  };
  walk(request.payload);
  return out.sort((a, b) => b.length - a.length);
}

/** A body with what the request sent replaced: an error may name the key it was given. */
function withoutEcho(body: string, request: MatrixRequest): string {
  return sentStrings(request).reduce((text, sent) => text.replaceAll(sent, '«sent»'), body);
}

describe('the access matrix lists every registered route', () => {
  it('has an entry for every registered route', () => {
    const unlisted = [...registered].filter((route) => !entryOf(route)).sort();
    expect(unlisted, 'routes without an entry in src/test/access-matrix.ts').toEqual([]);
  });

  it('names no route that is not registered', () => {
    const stale = Object.keys(accessMatrix).filter((route) => !registered.has(route));
    expect(stale, 'entries for routes that no longer exist').toEqual([]);
  });

  it('says how to aim every route with a parameter at another resource', () => {
    const uncovered = Object.entries(accessMatrix)
      .filter(([route, entry]) => hasParameter(route) && !entry.ownership?.length)
      .map(([route]) => route);
    expect(uncovered).toEqual([]);
    const unexplained = Object.entries(accessMatrix)
      .filter(
        ([, entry]) => entry.access === 'seller' && !entry.ownership?.length && !entry.ownScope,
      )
      .map(([route]) => route);
    expect(unexplained, 'seller routes need ownership cases or an ownScope reason').toEqual([]);
  });

  it('lists every contract endpoint as registered, with the access the contract gives it', async () => {
    const endpoints = await loadContractEndpoints();
    expect(endpoints.length, 'no endpoint found in the contract package').toBeGreaterThan(0);
    const disagreements = endpoints.flatMap(({ source, endpoint }) => {
      const route = `${endpoint.method} ${toFastifyPath(endpoint.path)}`;
      const expected = endpoint.auth ? 'seller' : 'public';
      const listed = accessMatrix[route]?.access ?? 'unlisted';
      if (!registered.has(route)) return [`${source}: ${route} is not registered`];
      return listed === expected ? [] : [`${source}: ${route} is ${listed}, not ${expected}`];
    });
    expect(disagreements).toEqual([]);
  });
});

describe("another seller's resource answers exactly like a missing one and changes nothing", () => {
  const cases = Object.entries(accessMatrix).flatMap(([route, entry]) =>
    (entry.ownership ?? []).map((ownership) => ({ route, ownership })),
  );

  it.each(cases.map((item) => [`${item.route}: ${item.ownership.name}`, item] as const))(
    '%s',
    async (_name, { ownership }) => {
      const before = await snapshotSeller(t, world.owner.id);
      const { theirs, missing } = ownership.build(world);
      const theirsResponse = await send(theirs, world.other.token);
      const missingResponse = await send(missing, world.other.token);
      expect(theirsResponse.statusCode, theirsResponse.body).toBeGreaterThanOrEqual(400);
      expect(theirsResponse.statusCode, theirsResponse.body).toBeLessThan(500);
      expect(missingResponse.statusCode, `missing: ${missingResponse.body}`).toBe(
        theirsResponse.statusCode,
      );
      if (ownership.compare !== 'status') {
        expect(withoutEcho(missingResponse.body, missing)).toBe(
          withoutEcho(theirsResponse.body, theirs),
        );
      }
      expect(await snapshotSeller(t, world.owner.id)).toEqual(before);
    },
  );

  it("leaves another seller's data out of every list, statistic and export", async () => {
    const owner = world.owner;
    const secrets = [
      owner.id,
      owner.email,
      owner.nickname,
      owner.product.product.id,
      ...owner.product.files.map((file) => file.id),
      ...owner.product.thumbnails.map((thumbnail) => thumbnail.id),
      owner.purchaseOrderId,
      owner.purchaseId,
      owner.freeFile.s3Key,
      owner.multipart.uploadId,
      owner.product.product.title,
    ];
    const routes = Object.entries(accessMatrix)
      .filter(([route, entry]) => entry.access === 'seller' && route.startsWith('GET '))
      .filter(([route]) => !hasParameter(route));
    expect(routes.length).toBeGreaterThan(8);
    for (const [route] of routes) {
      const url = route.slice('GET '.length);
      const response = await send({ method: 'GET', url }, world.other.token);
      expect(response.statusCode, `${route}: ${response.body}`).toBe(200);
      for (const secret of secrets) {
        expect(response.body, `${route} shows ${secret}`).not.toContain(secret);
      }
    }
  });
});

describe('every non-public route is a 401 without a valid token', () => {
  const sellerRoutes = () =>
    [...registered].filter((route) => entryOf(route)?.access === 'seller').sort();

  async function badTokens(): Promise<[string, Record<string, string>][]> {
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const sub = world.owner.id;
    const future = Math.floor(Date.now() / 1000) + 3600;
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, payload, signature] = world.other.token.split('.');
    const loggedOut = await signUpSeller(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(loggedOut.token),
    });
    expect(out.statusCode).toBe(204);
    const deleted = await signUpSeller(t.app);
    const deletedId = JSON.parse(
      Buffer.from(deleted.token.split('.')[1] ?? '', 'base64url').toString(),
    ).sub;
    await t.database.db.delete(sellers).where(eq(sellers.id, deletedId));
    return [
      ['no header', {}],
      ['empty bearer', { authorization: 'Bearer ' }],
      ['garbage', { authorization: 'Bearer garbage' }],
      ['not bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
      ['token without scheme', { authorization: world.other.token }],
      ['token twice', { authorization: `Bearer ${world.other.token} ${world.other.token}` }],
      [
        'alg none',
        {
          authorization: `Bearer ${part({ alg: 'none', typ: 'JWT' })}.${part({ sub, ver: 0, exp: future })}.`,
        },
      ],
      [
        'HS512 with the right key',
        {
          authorization: `Bearer ${await new SignJWT({ ver: 0 })
            .setProtectedHeader({ alg: 'HS512' })
            .setSubject(sub)
            .setExpirationTime(future)
            .sign(key)}`,
        },
      ],
      [
        'another key',
        {
          authorization: `Bearer ${await createTokenService('another-secret-another-secret-0123456789', 60).issue({ sellerId: sub, tokenVersion: 0 })}`,
        },
      ],
      [
        'expired',
        {
          authorization: `Bearer ${await createTokenService(t.config.jwtSecret, -120).issue({ sellerId: sub, tokenVersion: 0 })}`,
        },
      ],
      [
        'payload changed to another seller',
        {
          authorization: `Bearer ${header}.${part({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub })}.${signature}`,
        },
      ],
      ['token of a seller who logged out', bearer(loggedOut.token)],
      ['token of a deleted seller', bearer(deleted.token)],
      ['cookie instead of header', { cookie: `token=${world.other.token}` }],
    ];
  }

  it('refuses every bad token on every seller route', async () => {
    const tokens = await badTokens();
    const routes = sellerRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const [method, url] = route.split(' ') as [MatrixRequest['method'], string];
      for (const [name, headers] of tokens) {
        const response = await t.app.inject({ method, url: concreteUrl(url), headers });
        expectUnauthorized(response, `${route} with ${name}`);
      }
    }
  });

  it('checks the token before the input: bad input is still a 401, never a 400', async () => {
    type Input = { url: string; headers?: Record<string, string>; payload?: string };
    const inputs: [string, (url: string) => Input][] = [
      [
        'invalid JSON',
        (url) => ({ url, headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
      ],
      [
        '__proto__ key',
        (url) => ({
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__":{"x":1}}',
        }),
      ],
      [
        'wrong content type',
        (url) => ({ url, headers: { 'content-type': 'text/plain' }, payload: 'hello' }),
      ],
      [
        'unknown content type',
        (url) => ({ url, headers: { 'content-type': 'application/xml' }, payload: '<a/>' }),
      ],
      [
        'array body',
        (url) => ({ url, headers: { 'content-type': 'application/json' }, payload: '[1,2]' }),
      ],
      [
        'bad query',
        (url) => ({ url: `${url}?page=-1&limit=9999&days=abc&period=never&__proto__=1` }),
      ],
      [
        'body over the limit',
        (url) => ({
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }),
        }),
      ],
    ];
    for (const route of sellerRoutes()) {
      const [method, url] = route.split(' ') as [MatrixRequest['method'], string];
      for (const [name, build] of inputs) {
        for (const headers of [{}, { authorization: 'Bearer nope' }]) {
          const options = build(concreteUrl(url, 'not-a-uuid'));
          const response = await t.app.inject({
            ...options,
            method,
            headers: { ...options.headers, ...headers },
          });
          expectUnauthorized(response, `${route} with ${name}`);
        }
      }
    }
  });
});

describe('public routes', () => {
  it('answer without a token', async () => {
    const open = Object.entries(accessMatrix).filter(
      ([route, entry]) =>
        entry.access === 'public' &&
        !hasParameter(route) &&
        ['docs', 'health', 'web-app'].includes(entry.kind),
    );
    for (const [route] of open) {
      const [method, url] = route.split(' ') as [MatrixRequest['method'], string];
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${route}: ${response.body}`).toBeLessThan(400);
    }
  });

  describe('the internal API needs a valid signature before anything else', () => {
    const internalRoutes = () =>
      Object.entries(accessMatrix)
        .filter(([, entry]) => entry.access === 'public' && entry.kind === 'internal-signed')
        .map(([route]) => route.split(' ') as [MatrixRequest['method'], string]);

    it('is a 401 unauthorized for a missing, stale, foreign or mismatched signature, whatever the body', async () => {
      const validBody = JSON.stringify({ count: 1 });
      const now = Math.floor(Date.now() / 1000);
      const signatures: [string, (body: string) => string | undefined][] = [
        ['no signature', () => undefined],
        ['garbage', () => 'garbage'],
        ['empty', () => ''],
        ['another key', (body) => signInternalRequest('another-key-another-key-0123456789', body)],
        ['stale', (body) => signInternalRequest(internalSecret, body, now - 600)],
        ['future', (body) => signInternalRequest(internalSecret, body, now + 600)],
        ['another body', () => signInternalRequest(internalSecret, validBody.replace('1', '2'))],
        ['no v1', () => `t=${now}`],
        ['huge timestamp', () => `t=${'9'.repeat(40)},v1=${'0'.repeat(64)}`],
      ];
      const bodies: [string, string | undefined, string | undefined][] = [
        ['valid JSON', 'application/json', validBody],
        ['invalid JSON', 'application/json', '{"count":'],
        ['__proto__', 'application/json', '{"__proto__":{"x":1}}'],
        ['wrong content type', 'text/plain', 'hello'],
        ['unknown content type', 'application/xml', '<a/>'],
        ['no body', undefined, undefined],
      ];
      for (const [method, url] of internalRoutes()) {
        for (const [signatureName, sign] of signatures) {
          for (const [bodyName, contentType, body] of bodies) {
            const signature = sign(body ?? '');
            const response = await t.app.inject({
              method,
              url: concreteUrl(url),
              headers: {
                ...(contentType ? { 'content-type': contentType } : {}),
                ...(signature === undefined ? {} : { 'x-signature': signature }),
              },
              ...(body === undefined ? {} : { payload: body }),
            });
            expectUnauthorized(response, `${method} ${url}, ${signatureName}, ${bodyName}`);
          }
        }
      }
    });

    it('answers a seller token like no signature at all', async () => {
      for (const [method, url] of internalRoutes()) {
        const response = await t.app.inject({
          method,
          url: concreteUrl(url),
          headers: { ...bearer(world.other.token), 'content-type': 'application/json' },
          payload: '{}',
        });
        expectUnauthorized(response, `${method} ${url} with a seller token`);
      }
    });
  });
});

export type { SellerFixture };
