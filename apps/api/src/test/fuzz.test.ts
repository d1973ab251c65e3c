import type { Endpoint } from '@seller/contract/endpoint';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toFastifyPath } from '../lib/define-route.ts';
import { signInternalRequest } from '../lib/internal-signature.ts';
import {
  type ContractEndpoint,
  loadContractEndpoints,
  pathParamNames,
} from './contract-endpoints.ts';
import {
  bodyArbitrary,
  type KnownValues,
  pathParamArbitrary,
  queryArbitrary,
  type WireBody,
} from './fuzz-arbitraries.ts';
import { internalSecret } from './member-site-calls.ts';
import { createSellerFixture, mintToken, type SellerFixture } from './seller-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Property-based fuzzing of every contract endpoint: bodies and query strings generated from
 * the endpoint's zod schemas and spoiled in many ways, path parameters from valid uuids,
 * existing ids (own and another seller's) and rubbish, sent as a signed-in seller (and for the
 * internal API, signed and unsigned). Whatever the input: never a 5xx, every 4xx is a JSON
 * `{ error, code }`, no stack trace anywhere.
 *
 * FUZZ_RUNS (default 125 per route; `npm run test:fuzz` runs 10,000) and FUZZ_SEED tune it; a
 * failure prints the seed and the shrunk request. The default seed is fixed and differs with
 * the database: CI runs this file on PGlite and on PostgreSQL, so it sends 250 different
 * requests to each route, not the same 125 twice.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 125);
const seed = Number(
  process.env.FUZZ_SEED ?? (inject('testDatabase').kind === 'pglite' ? 20_240_607 : 20_240_608),
);
/** Password hashing costs ~100 ms a call: these routes get a share of the runs. */
const expensive = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/change-password',
]);
const runsFor = (endpoint: Endpoint) =>
  expensive.has(`${endpoint.method} ${endpoint.path}`) ? Math.max(20, Math.ceil(runs / 10)) : runs;

let t: TestApp;
let me: SellerFixture;
let other: SellerFixture;
let token: string;
/** One test per endpoint, listed from the contract folder when the file is collected. */
const listed: ContractEndpoint[] = await loadContractEndpoints();

const both = (pick: (seller: SellerFixture) => string[]) => () => [...pick(me), ...pick(other)];
const known: KnownValues = {
  byField: [
    { field: /^(id|productId)$/, values: both((s) => [s.product.product.id]) },
    {
      field: /^(fileId|deletedFileIds)$/,
      values: both((s) => s.product.files.map((file) => file.id)),
    },
    {
      field: /^deletedThumbnailIds$/,
      values: both((s) => s.product.thumbnails.map((thumbnail) => thumbnail.id)),
    },
    {
      field: /^(s3Key|files|thumbnails|newFiles|newThumbnails)$/,
      values: both((s) => [
        s.freeFile.s3Key,
        s.freeImage.s3Key,
        s.pendingUpload.s3Key,
        s.multipart.s3Key,
        s.avatarUpload.s3Key,
      ]),
    },
    { field: /^uploadId$/, values: both((s) => [s.multipart.uploadId]) },
    { field: /^ETag$/, values: both((s) => [s.multipart.etag]) },
    {
      field: /^avatarUrl$/,
      values: both((s) => [s.avatarUpload.publicUrl, s.avatarUrl, s.freeImage.publicUrl]),
    },
    { field: /^orderId$/, values: both((s) => [s.purchaseOrderId]) },
    { field: /^purchaseId$/, values: both((s) => [s.purchaseId]) },
    { field: /^(email|customerEmail)$/, values: both((s) => [s.email]) },
    { field: /^nickname$/, values: both((s) => [s.nickname]) },
  ],
};

beforeAll(async () => {
  t = await createTestApp({
    INTERNAL_API_SECRET: internalSecret,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Signup and login run their handlers (and their password hashing) a bounded number of
    // times; past the limit the fuzzer still exercises parsing and validation.
    RATE_LIMIT_SIGNUP_IP_PER_HOUR: '40',
  });
  [me, other] = [await createSellerFixture(t), await createSellerFixture(t)];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface FuzzRequest {
  url: string;
  body: WireBody | undefined;
  signed: boolean;
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const names = pathParamNames(endpoint.path);
  const params = fc.tuple(...names.map((name) => pathParamArbitrary(name, known)));
  const hasBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  const body: fc.Arbitrary<WireBody | undefined> = hasBody
    ? bodyArbitrary(endpoint.body, known)
    : fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: bodyArbitrary(undefined, known) },
      );
  const query = endpoint.query
    ? queryArbitrary(endpoint.query, known)
    : fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: queryArbitrary(undefined, known) },
      );
  const internal = endpoint.path.startsWith('/api/internal/');
  return fc
    .record({
      params,
      query,
      body,
      signed: internal ? fc.boolean() : fc.constant(false),
    })
    .map(({ params: values, query: search, body: wire, signed }) => {
      let path = toFastifyPath(endpoint.path);
      names.forEach((name, index) => {
        path = path.replace(`:${name}`, values[index] ?? '');
      });
      return { url: search ? `${path}?${search}` : path, body: wire, signed };
    });
}

const stackTrace =
  /\n\s+at\s|\bat\s[\w.<>]+\s\([^)]*:\d+:\d+\)|node:internal|node_modules[\\/]|\.ts:\d+:\d+/;

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

async function check(endpoint: Endpoint, request: FuzzRequest): Promise<void> {
  const internal = endpoint.path.startsWith('/api/internal/');
  const headers: Record<string, string> = {};
  if (endpoint.auth) headers.authorization = `Bearer ${token}`;
  if (request.body?.contentType !== undefined) headers['content-type'] = request.body.contentType;
  if (request.signed) {
    headers['x-signature'] = signInternalRequest(internalSecret, request.body?.text ?? '');
  }
  const response = await t.app.inject({
    method: endpoint.method,
    url: request.url,
    headers,
    ...(request.body?.text === undefined ? {} : { payload: request.body.text }),
  });
  const where = `${endpoint.method} ${request.url.slice(0, 200)} [${request.body?.mutation ?? 'no body'}${request.signed ? ', signed' : ''}]`;
  if (response.statusCode >= 500) {
    throw new Error(`${where} → ${response.statusCode} ${response.body.slice(0, 500)}`);
  }
  if (stackTrace.test(response.body)) {
    throw new Error(`${where} → a stack trace in the body: ${response.body.slice(0, 500)}`);
  }
  // (A path that resolves to no route at all, `/api/internal/products/../views`, is a plain 404.)
  const noRoute = response.statusCode === 404 && response.body.includes('"error":"Route ');
  // (Nor can a Content-Type header that is not a media type at all reach the signature check.)
  const malformedType =
    response.statusCode === 415 &&
    !/^[\w.+-]+\/[\w.+-]+\s*(;.*)?$/.test(request.body?.contentType ?? 'none/none');
  // Nor a path that is not valid percent-encoding (`/%ZZ/`): Fastify's router refuses it.
  const badUrl = response.statusCode === 400 && !decodes(request.url.split('?')[0] ?? '');
  // 413 and 414 (a body or a path parameter over its limit) come first too.
  const refused =
    [401, 413, 414].includes(response.statusCode) || noRoute || malformedType || badUrl;
  if (internal && !request.signed && !refused) {
    throw new Error(`${where} unsigned → ${response.statusCode}, not 401`);
  }
  if (response.statusCode >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) {
      throw new Error(`${where} → ${response.statusCode} with content type ${type}`);
    }
    let body: unknown;
    try {
      body = response.json();
    } catch {
      throw new Error(`${where} → ${response.statusCode} with a body that is not JSON`);
    }
    const error = body as { error?: unknown; code?: unknown };
    if (typeof error?.error !== 'string' || typeof error.code !== 'string') {
      throw new Error(
        `${where} → ${response.statusCode} without { error, code }: ${response.body}`,
      );
    }
  }
}

describe('fuzzing every contract endpoint', () => {
  it('finds every endpoint of the contract, each registered', () => {
    expect(listed.length).toBeGreaterThanOrEqual(34);
    for (const { endpoint, source } of listed) {
      expect(
        t.app.hasRoute({ method: endpoint.method, url: toFastifyPath(endpoint.path) }),
        `${source}: ${endpoint.method} ${endpoint.path} is not registered`,
      ).toBe(true);
    }
  });

  it.each(
    listed.map(
      ({ endpoint, source }) => [`${endpoint.method} ${endpoint.path}`, source, endpoint] as const,
    ),
  )(
    '%s (%s)',
    async (_name, _source, endpoint) => {
      token = await mintToken(t, me.id);
      const isTokenKiller = /logout|change-password/.test(endpoint.path);
      try {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
            if (isTokenKiller) token = await mintToken(t, me.id);
            await check(endpoint, request);
          }),
          { numRuns: runsFor(endpoint), seed, includeErrorInReport: true },
        );
      } catch (error) {
        throw new Error(
          `fuzz failure (reproduce with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}):\n${(error as Error).message}`,
        );
      } finally {
        token = await mintToken(t, me.id);
      }
    },
    Math.max(120_000, runs * 200),
  );
});
