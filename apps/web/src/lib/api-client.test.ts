import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineEndpoint } from '@seller/contract/endpoint';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installMemoryStorage, type MemoryStorage } from '@/testing/memory-storage';
import { ApiError, createApiClient } from './api-client';

/** A real HTTP server on 127.0.0.1; each test scripts its answers in `replies`. */
interface Reply {
  status: number;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Destroys the socket without answering (a network error for the client). */
  hangUp?: boolean;
}

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let baseUrl: string;
let replies: Reply[] = [];
let seen: Seen[] = [];

function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
  const reply = replies.shift() ?? { status: 500, body: { error: 'unscripted', code: 'x' } };
  if (reply.hangUp) {
    req.socket.destroy();
    return;
  }
  if (reply.status === 204) {
    res.writeHead(204).end();
    return;
  }
  const text = reply.raw ?? JSON.stringify(reply.body ?? {});
  res
    .writeHead(reply.status, {
      'Content-Type': reply.raw ? 'text/plain' : 'application/json',
      Connection: 'close',
      ...reply.headers,
    })
    .end(text);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const item = z.object({ id: z.string(), name: z.string() });

const getItem = defineEndpoint({
  method: 'GET',
  path: '/api/items/{id}',
  operationId: 'getItem',
  summary: 'test',
  description: 'test',
  tags: ['products'],
  auth: true,
  successStatus: 200,
  params: z.object({ id: z.string() }),
  query: z.object({ page: z.number().optional(), period: z.string().optional() }),
  response: item,
});

const createItem = defineEndpoint({
  method: 'POST',
  path: '/api/items',
  operationId: 'createItem',
  summary: 'test',
  description: 'test',
  tags: ['products'],
  auth: true,
  successStatus: 201,
  body: z.object({ name: z.string() }),
  response: item,
});

const putItem = defineEndpoint({
  method: 'PUT',
  path: '/api/items/{id}',
  operationId: 'putItem',
  summary: 'test',
  description: 'test',
  tags: ['products'],
  auth: true,
  successStatus: 204,
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
});

const exportItems = defineEndpoint({
  method: 'GET',
  path: '/api/items/export',
  operationId: 'exportItems',
  summary: 'test',
  description: 'test',
  tags: ['sales'],
  auth: true,
  successStatus: 200,
  query: z.object({ period: z.string() }),
  produces: 'text/csv',
});

let storage: MemoryStorage;
let sleeps: number[];
let redirects: number;
let path: string;

function client(overrides: { baseUrl?: string } = {}) {
  return createApiClient({
    baseUrl: overrides.baseUrl ?? baseUrl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    currentPath: () => path,
    onUnauthorized: () => {
      redirects++;
    },
    baseDelayMs: 100,
  });
}

beforeEach(() => {
  storage = installMemoryStorage();
  replies = [];
  seen = [];
  sleeps = [];
  redirects = 0;
  path = '/profile';
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('sends JSON with the bearer token and parses the body with the contract', async () => {
    storage.setItem('token', 'tok.en.value');
    replies = [{ status: 201, body: { id: '7', name: 'Ebook', extra: 'dropped' } }];
    const created = await client().request(createItem, { body: { name: 'Ebook' } });
    expect(created).toEqual({ id: '7', name: 'Ebook' });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/items');
    expect(request?.headers.authorization).toBe('Bearer tok.en.value');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Ebook' });
  });

  it('fills path parameters and the query string, and sends no token when none is stored', async () => {
    replies = [{ status: 200, body: { id: 'a b', name: 'x' } }];
    await client().request(getItem, { params: { id: 'a b' }, query: { page: 2, period: 'all' } });
    expect(seen[0]?.url).toBe('/api/items/a%20b?page=2&period=all');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    replies = [{ status: 204 }];
    await expect(
      client().request(putItem, { params: { id: '1' }, body: { name: 'n' } }),
    ).resolves.toBeUndefined();
  });

  it('rejects a success body that does not match the contract', async () => {
    replies = [{ status: 200, body: { id: 1 } }];
    const error = await failure(client().request(getItem, { params: { id: '1' } }));
    expect(error.code).toBe('invalid_response');
  });
});

describe('retries', () => {
  it('retries an idempotent request on 5xx three times with exponential delay', async () => {
    replies = [
      { status: 500, body: { error: 'boom', code: 'internal_error' } },
      { status: 502, raw: 'bad gateway' },
      { status: 504, raw: 'timeout' },
      { status: 500, body: { error: 'still broken', code: 'internal_error' } },
    ];
    const error = await failure(client().request(getItem, { params: { id: '1' } }));
    expect(seen).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 400]);
    expect(error.status).toBe(500);
    expect(error.code).toBe('internal_error');
    expect(error.serverMessage).toBe('still broken');
  });

  it('succeeds when a retry succeeds (429 on GET)', async () => {
    replies = [
      { status: 429, body: { error: 'slow down', code: 'rate_limited' } },
      { status: 200, body: { id: '1', name: 'ok' } },
    ];
    await expect(client().request(getItem, { params: { id: '1' } })).resolves.toEqual({
      id: '1',
      name: 'ok',
    });
    expect(seen).toHaveLength(2);
  });

  it('does not retry a POST that failed with 500 or 429', async () => {
    replies = [{ status: 500, body: { error: 'boom', code: 'internal_error' } }];
    await failure(client().request(createItem, { body: { name: 'x' } }));
    replies = [{ status: 429, body: { error: 'slow down', code: 'rate_limited' } }];
    const error = await failure(client().request(createItem, { body: { name: 'x' } }));
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([]);
    expect(error.code).toBe('rate_limited');
  });

  it('retries any method on 503', async () => {
    replies = [
      { status: 503, body: { error: 'unavailable', code: 'service_unavailable' } },
      { status: 201, body: { id: '2', name: 'x' } },
    ];
    await client().request(createItem, { body: { name: 'x' } });
    expect(seen).toHaveLength(2);
    expect(sleeps).toEqual([100]);
  });

  it('retries network errors, then reports a network error', async () => {
    replies = [
      { status: 0, hangUp: true },
      { status: 201, body: { id: '3', name: 'x' } },
    ];
    await client().request(createItem, { body: { name: 'x' } });
    expect(seen).toHaveLength(2);

    // Nothing listens on a closed port: every attempt is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    sleeps = [];
    const error = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}` }).request(getItem, { params: { id: '1' } }),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(sleeps).toEqual([100, 200, 400]);
  });

  it('does not retry client errors', async () => {
    replies = [{ status: 404, body: { error: 'Not found', code: 'not_found' } }];
    const error = await failure(client().request(getItem, { params: { id: '1' } }));
    expect(seen).toHaveLength(1);
    expect(error.status).toBe(404);
  });
});

describe('401 rule', () => {
  it('removes the session and goes to /login', async () => {
    storage.setItem('token', 'old');
    storage.setItem('userType', 'seller');
    storage.setItem('i18nextLng', 'ko');
    replies = [{ status: 401, body: { error: 'Sign in to continue', code: 'unauthorized' } }];
    const error = await failure(client().request(getItem, { params: { id: '1' } }));
    expect(error.status).toBe(401);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('userType')).toBeNull();
    expect(storage.getItem('i18nextLng')).toBe('ko');
    expect(redirects).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('stays put when the current path already contains /login', async () => {
    path = '/login';
    storage.setItem('token', 'old');
    replies = [
      { status: 401, body: { error: 'Invalid email or password', code: 'invalid_credentials' } },
    ];
    const error = await failure(client().request(createItem, { body: { name: 'x' } }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_credentials');
    expect(storage.getItem('token')).toBeNull();
    expect(redirects).toBe(0);
  });
});

describe('downloads', () => {
  it('reads the file with the bearer token, and the name the server gave it', async () => {
    storage.setItem('token', 'tok.en.value');
    replies = [
      {
        status: 200,
        raw: 'date,amount\n2026-11-21,13800\n',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="sales-all-2026-11-21.csv"',
        },
      },
    ];
    const file = await client().download(exportItems, { query: { period: 'all' } });
    expect(file.fileName).toBe('sales-all-2026-11-21.csv');
    expect(await file.blob.text()).toBe('date,amount\n2026-11-21,13800\n');
    expect(seen[0]?.url).toBe('/api/items/export?period=all');
    expect(seen[0]?.headers.accept).toBe('text/csv');
    expect(seen[0]?.headers.authorization).toBe('Bearer tok.en.value');
  });

  it('keeps the client’s rules: retries, the 401 rule and normalised errors', async () => {
    replies = [
      { status: 502, raw: 'bad gateway' },
      { status: 200, raw: 'a,b\n', headers: { 'Content-Type': 'text/csv' } },
    ];
    const file = await client().download(exportItems, { query: { period: 'week' } });
    expect(file.fileName).toBeUndefined();
    expect(sleeps).toEqual([100]);

    storage.setItem('token', 'old');
    replies = [{ status: 401, body: { error: 'Sign in to continue', code: 'unauthorized' } }];
    const refused = await failure(client().download(exportItems, { query: { period: 'all' } }));
    expect(refused.code).toBe('unauthorized');
    expect(storage.getItem('token')).toBeNull();
    expect(redirects).toBe(1);

    replies = [{ status: 400, body: { error: 'Bad period', code: 'validation_failed' } }];
    const invalid = await failure(client().download(exportItems, { query: { period: 'x' } }));
    expect(invalid).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('error normalisation', () => {
  it('carries status, code, the server text and details', async () => {
    replies = [
      {
        status: 400,
        body: {
          error: 'Invalid body: name nicknameLength',
          code: 'validation_failed',
          details: [
            {
              path: 'nickname',
              code: 'nicknameLength',
              message: 'The nickname must be 3 to 20 characters long.',
            },
          ],
        },
      },
    ];
    const error = await failure(client().request(createItem, { body: { name: 'x' } }));
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      serverMessage: 'Invalid body: name nicknameLength',
      details: [
        {
          path: 'nickname',
          code: 'nicknameLength',
          message: 'The nickname must be 3 to 20 characters long.',
        },
      ],
    });
  });

  it('turns a code this build does not know into unknown_error, keeping the server’s text', async () => {
    replies = [{ status: 422, body: { error: 'Totally new rule', code: 'brand_new_code' } }];
    const error = await failure(client().request(createItem, { body: { name: 'x' } }));
    expect(error).toMatchObject({
      status: 422,
      code: 'unknown_error',
      serverMessage: 'Totally new rule',
    });
  });

  it('copes with a body that is not the error shape', async () => {
    replies = [{ status: 409, raw: '<html>conflict</html>' }];
    const error = await failure(client().request(createItem, { body: { name: 'x' } }));
    expect(error).toMatchObject({ status: 409, code: 'unknown_error', details: [] });
    expect(error.serverMessage).toBeUndefined();
  });
});
