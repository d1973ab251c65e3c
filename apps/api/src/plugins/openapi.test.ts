import { type ApiErrorCode, createSellerCenterClient } from '@seller/api-client';
import { apiTags } from '@seller/contract/api-tags';
import { errorCodes } from '@seller/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOfCode } from '../lib/app-error.ts';
import { type ContractEndpoint, loadContractEndpoints } from '../test/contract-endpoints.ts';
import { internalSecret } from '../test/member-site-calls.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.ts';

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  required?: string[];
  $ref?: string;
}
interface Response {
  description: string;
  content?: Record<string, { schema: Schema }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  info: { license?: { name: string }; contact?: { name?: string } };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

let t: TestApp;
let document: Document;
let endpoints: ContractEndpoint[];
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const response = await t.app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
  endpoints = await loadContractEndpoints();
});
afterAll(async () => {
  await t.close();
});

function operations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

function operation(key: string): Operation {
  const [method = '', path = ''] = key.split(' ');
  const found = document.paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${key} is not documented`);
  return found;
}

function responseSchema(key: string, status: number): Schema {
  const schema = operation(key).responses[status]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${key} has no JSON ${status}`);
  return schema;
}

function bodySchema(key: string): Schema {
  const schema = operation(key).requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`${key} has no JSON body`);
  return schema;
}

/** `{ anyOf: [X, { type: 'null' }] }` → X */
const nonNull = (schema: Schema | undefined): Schema | undefined =>
  schema?.anyOf?.find((option) => option.type !== 'null') ?? schema;

describe('every operation', () => {
  it('is a contract endpoint, with its operationId, summary, description and tags', () => {
    const byOperationId = new Map(
      endpoints.map(({ endpoint }) => [endpoint.operationId, endpoint]),
    );
    const documented = operations();
    expect(documented).toHaveLength(endpoints.length);
    for (const [key, op] of documented) {
      const endpoint = byOperationId.get(op.operationId ?? '');
      expect(endpoint, key).toBeDefined();
      expect(`${endpoint?.method} ${endpoint?.path}`).toBe(key);
      expect(op.operationId, key).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
      expect(op.summary?.length, key).toBeLessThanOrEqual(60);
      expect(op.description?.length, key).toBeGreaterThan(op.summary?.length ?? 0);
      expect(op.tags?.length, key).toBeGreaterThan(0);
    }
    expect(new Set(documented.map(([, op]) => op.operationId)).size).toBe(documented.length);
  });

  it('uses only declared tags, each with a description', () => {
    expect(document.tags).toEqual(
      Object.entries(apiTags).map(([name, description]) => ({ name, description })),
    );
    const used = new Set(operations().flatMap(([, op]) => op.tags ?? []));
    for (const tag of used) expect(Object.keys(apiTags)).toContain(tag);
  });

  it('answers its errors with the one shared Error schema', () => {
    for (const [key, op] of operations()) {
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length, key).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        expect(response.content, `${key} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      }
      expect(Object.keys(op.responses), key).toEqual(expect.arrayContaining(['500', '503']));
      if (op.operationId !== 'getHealth') {
        expect(
          Object.keys(op.responses).some((status) => status.startsWith('4')),
          key,
        ).toBe(true);
      }
    }
  });

  it('documents the codes its contract names, under their status', () => {
    for (const { endpoint } of endpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      for (const code of endpoint.errors ?? []) {
        const response = operation(key).responses[statusOfCode(code)];
        expect(response?.description, `${key} ${code}`).toContain(`\`${code}\``);
      }
    }
  });

  it('derives the common error answers from its shape', () => {
    for (const { endpoint } of endpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const statuses = Object.keys(operation(key).responses).map(Number);
      if (endpoint.body || endpoint.query || endpoint.params) expect(statuses, key).toContain(400);
      if (endpoint.auth) expect(statuses, key).toContain(401);
      if (endpoint.path.includes('{'))
        expect(statuses, key).toEqual(expect.arrayContaining([404, 414]));
      if (endpoint.body) expect(statuses, key).toEqual(expect.arrayContaining([413, 415]));
    }
    for (const key of [
      'POST /api/auth/signup',
      'POST /api/products/get-upload-url',
      'POST /api/products/start-multipart-upload',
      'POST /api/auth/avatar-upload-url',
    ]) {
      expect(operation(key).responses[429]?.description, key).toContain('`rate_limited`');
    }
  });
});

describe('the Error schema', () => {
  it('has the whole catalogue as its code, and { path, code, message } details', () => {
    const error = document.components.schemas.Error;
    expect(error?.required).toEqual(['error', 'code']);
    expect(error?.properties?.code?.enum).toEqual([...errorCodes]);
    const issue = error?.properties?.details?.items;
    expect(Object.keys(issue?.properties ?? {})).toEqual(['path', 'code', 'message']);
    expect(issue?.required).toEqual(['path', 'code', 'message']);
  });

  it('is the only schema component', () => {
    expect(Object.keys(document.components.schemas)).toEqual(['Error']);
  });
});

describe('success answers', () => {
  it.each([
    'DELETE /api/products/{id}',
    'POST /api/products/abort-multipart-upload',
    'POST /api/auth/logout',
  ])('%s documents its 204 without content', (key) => {
    const success = Object.entries(operation(key).responses).filter(([status]) =>
      status.startsWith('2'),
    );
    expect(success).toEqual([['204', { description: 'No content' }]]);
  });

  it('documents the sales export as a CSV file', () => {
    const ok = operation('GET /api/products/sales/export').responses[200];
    expect(ok?.content).toEqual({ 'text/csv': { schema: { type: 'string' } } });
  });

  it('marks timestamps as date-time and days as date', () => {
    const profile = responseSchema('GET /api/auth/profile', 200);
    expect(profile.properties?.createdAt?.format).toBe('date-time');
    const product = responseSchema('GET /api/products/{id}', 200).properties?.product;
    expect(product?.properties?.created_at?.format).toBe('date-time');
    expect(product?.properties?.updated_at?.format).toBe('date-time');
    const sale = responseSchema('GET /api/products/sales/transactions', 200).properties
      ?.transactions?.items;
    expect(sale?.properties?.purchase_date?.format).toBe('date-time');
    const row = responseSchema('GET /api/products/stats/sales/by-product', 200).properties?.products
      ?.items;
    expect(nonNull(row?.properties?.lastSaleDate)?.format).toBe('date-time');
    const day = responseSchema('GET /api/products/stats/sales/daily', 200).properties?.dailySales
      ?.items;
    expect(day?.properties?.date?.format).toBe('date');
    const rate = responseSchema('GET /api/products/exchange-rate/latest', 200).properties?.rate;
    expect(rate?.properties?.date?.format).toBe('date');
    const recorded = responseSchema('POST /api/internal/purchases', 201).properties?.sale;
    expect(recorded?.properties?.purchasedAt?.format).toBe('date-time');
  });
});

describe('request schemas carry the rules the server checks', () => {
  it('states the nickname pattern and length', () => {
    const nickname = bodySchema('POST /api/auth/signup').properties?.nickname;
    expect(nickname).toMatchObject({ pattern: '^[a-z0-9]+$', minLength: 3, maxLength: 20 });
  });

  it('states the settlement formats and lengths', () => {
    const body = bodySchema('PUT /api/auth/settlement-info').properties ?? {};
    const alipay = nonNull(body.alipay)?.properties;
    const bank = nonNull(body.bank)?.properties;
    const paypal = nonNull(body.paypal)?.properties;
    const phone = new RegExp(alipay?.phone?.pattern ?? '$^');
    expect(['', '+86 138-1234-5678', '+8613812345678'].every((v) => phone.test(v))).toBe(true);
    expect(['13812345678', '+82 1012345678', '+86 1381234567'].some((v) => phone.test(v))).toBe(
      false,
    );
    expect(alipay?.phone?.maxLength).toBe(20);
    const swift = new RegExp(bank?.swiftCode?.pattern ?? '$^');
    expect(['', 'KOEXKRSE', 'koexkrsexxx'].every((v) => swift.test(v))).toBe(true);
    expect(['KOEXKRS', 'KO1XKRSE', 'KOEXKRSEXXXX'].some((v) => swift.test(v))).toBe(false);
    expect(bank?.account).toMatchObject({ maxLength: 64, pattern: expect.any(String) });
    expect(paypal?.email).toMatchObject({ maxLength: 254, pattern: expect.any(String) });
    // A method may be left out (kept) or null (cleared).
    expect(bodySchema('PUT /api/auth/settlement-info').required ?? []).toEqual([]);
    expect(body.bank?.anyOf?.some((option) => option.type === 'null')).toBe(true);
  });

  it('states the integer query parameters as integers with their bounds', () => {
    const page = operation('GET /api/products/sales/transactions').parameters?.find(
      (parameter) => parameter.name === 'page',
    );
    expect(page?.schema).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
  });
});

describe('security', () => {
  it('signs the internal calls, leaves the public ones open and the rest to the bearer token', () => {
    const tokenScopes = new Map(
      endpoints.flatMap(({ endpoint }) =>
        endpoint.scope ? [[`${endpoint.method} ${endpoint.path}`, endpoint.scope] as const] : [],
      ),
    );
    const publicCalls = [
      'GET /api/health',
      'POST /api/auth/signup',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      // The link's token is the proof: it works signed in or not.
      'POST /api/auth/email-change/confirm',
      // The catalog the member site shows: anyone may read it.
      'GET /api/public/sellers/{nickname}',
      'GET /api/public/sellers/{nickname}/products/{productId}',
      // The samples the catalog lists: given away before buying.
      'GET /api/public/samples/{sampleId}/{kind}',
      // The one-click unsubscribe of a buyer's mail: its token is the proof.
      'POST /api/public/unsubscribe/{token}',
    ];
    for (const [key, op] of operations()) {
      if (key.includes(' /api/internal/')) {
        expect(op.security, key).toEqual([{ memberSignature: [] }]);
        expect(Object.keys(op.responses), key).toContain('401');
      } else if (publicCalls.includes(key)) {
        expect(op.security, key).toEqual([]);
      } else {
        // A session always; a personal API token where the contract gives a scope.
        const scope = tokenScopes.get(key as `GET ${string}`);
        expect(op.security, key).toEqual(
          scope ? [{ bearerAuth: [] }, { apiToken: [scope] }] : [{ bearerAuth: [] }],
        );
      }
    }
    expect(document.components.securitySchemes.memberSignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
      description: expect.stringContaining('HMAC-SHA256'),
    });
  });
});

describe('the document itself', () => {
  it('names its server, licence and contact', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.info.license?.name).toBeTruthy();
    expect(document.info.contact?.name).toBeTruthy();
  });

  it('names PUBLIC_URL as the server when it is set', async () => {
    const sibling = await createSiblingApp(t, {
      JWT_SECRET: t.config.jwtSecret,
      PUBLIC_URL: 'https://seller.example.org/',
    });
    try {
      const response = await sibling.inject({ url: '/api/docs/json' });
      expect(response.json<Document>().servers).toEqual([
        { url: 'https://seller.example.org', description: expect.any(String) },
      ]);
    } finally {
      await sibling.close();
    }
  });
});

describe('the generated client', () => {
  /** `fetch` over `inject`: the client talks to this app without a socket. */
  const injectFetch = async (input: Request): Promise<globalThis.Response> => {
    const url = new URL(input.url);
    const payload = input.body ? await input.text() : undefined;
    const response = await t.app.inject({
      method: input.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(input.headers),
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new globalThis.Response(response.statusCode === 204 ? null : response.rawPayload, {
      status: response.statusCode,
      headers,
    });
  };
  const client = () =>
    createSellerCenterClient({ baseUrl: 'http://seller.test', fetch: injectFetch });

  it('reads an error answer as the catalogue', async () => {
    const { data, error, response } = await client().POST('/api/auth/signup', {
      body: { email: 'not-an-email', nickname: 'ok', password: 'x' },
    });
    expect(response.status).toBe(400);
    expect(data).toBeUndefined();
    const code: ApiErrorCode | undefined = error?.code;
    expect(code).toBe('validation_failed');
    expect(error?.details?.map((issue) => issue.code)).toEqual(
      expect.arrayContaining(['emailInvalid', 'nicknameLength', 'passwordMin']),
    );
  });

  it('reads a success answer with the types of the document', async () => {
    const signup = await client().POST('/api/auth/signup', {
      body: { email: 'client@example.com', nickname: 'clientnick', password: 'client-pass-1' },
    });
    const token = signup.data?.token ?? '';
    expect(token).not.toBe('');
    const { data } = await client().GET('/api/products/sales/transactions', {
      params: { query: { page: 2, limit: 5 } },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(data?.pagination).toEqual({ total: 0, page: 2, limit: 5, totalPages: 0 });
  });
});
