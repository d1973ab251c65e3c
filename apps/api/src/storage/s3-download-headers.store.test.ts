import { randomBytes } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestBucket,
  dropTestBucket,
  s3Settings,
  s3TestStore,
} from '../test/s3-test-store.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createStorage } from './create-storage.ts';
import type { Storage } from './storage.ts';

/**
 * A download link answers alike on both drivers: the same `Cache-Control`, `Content-Type` and
 * `Content-Disposition`, an `ETag` and a `Last-Modified`, and a byte range for `Range`. The S3
 * side runs against the real store; the local side against the app's own download route.
 */

const store = s3TestStore();
const bytes = randomBytes(4096);
const key = `sellers/00000000-0000-4000-8000-000000000001/${randomBytes(8).toString('hex')}.pdf`;
const link = { fileName: '강의 노트.pdf', contentType: 'application/pdf', expiresInSeconds: 60 };
let client: S3Client;
let bucket: string;
let s3App: TestApp;
let localApp: TestApp;
let s3: Storage;
let local: Storage;

beforeAll(async () => {
  client = adminClient(store);
  bucket = await createTestBucket(client, ['http://localhost:5173']);
  s3App = await createTestApp(s3Settings(store, bucket));
  localApp = await createTestApp();
  s3 = await createStorage(s3App.config.storage);
  local = await createStorage(localApp.config.storage);
  await s3.put(key, bytes, { contentType: 'application/pdf' });
  await local.put(key, bytes, { contentType: 'application/pdf' });
});
afterAll(async () => {
  await s3App?.close();
  await localApp?.close();
  if (bucket) await dropTestBucket(client, bucket);
  client?.destroy();
});

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

const compared = [
  'cache-control',
  'content-type',
  'content-disposition',
  'etag',
  'last-modified',
  'content-range',
  'content-length',
];

async function fromS3(method: 'GET' | 'HEAD', headers: Record<string, string> = {}) {
  const response = await fetch(await s3.presignGet(key, link), { method, headers });
  return {
    status: response.status,
    headers: Object.fromEntries(
      compared.map((name) => [name, response.headers.get(name) ?? undefined]),
    ),
    body: Buffer.from(await response.arrayBuffer()),
  } satisfies Answer;
}

async function fromLocal(method: 'GET' | 'HEAD', headers: Record<string, string> = {}) {
  const url = new URL(await local.presignGet(key, link), 'http://localhost');
  const response = await localApp.app.inject({ method, url: url.pathname, headers });
  return {
    status: response.statusCode,
    headers: Object.fromEntries(
      compared.map((name) => {
        const value = response.headers[name];
        return [name, value === undefined ? undefined : String(value)];
      }),
    ),
    body: response.rawPayload,
  } satisfies Answer;
}

describe('download links on both drivers', () => {
  it('carry the same Cache-Control, type and name, with ETag and Last-Modified', async () => {
    const [fromStore, fromDisk] = [await fromS3('GET'), await fromLocal('GET')];
    for (const answer of [fromStore, fromDisk]) {
      expect(answer.status).toBe(200);
      expect(answer.body.equals(bytes)).toBe(true);
      expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
      expect(Number.isNaN(Date.parse(answer.headers['last-modified'] ?? ''))).toBe(false);
    }
    expect(fromStore.headers['cache-control']).toBe('private, no-store');
    for (const name of ['cache-control', 'content-type', 'content-disposition', 'content-length']) {
      expect(fromStore.headers[name], name).toBe(fromDisk.headers[name]);
    }
  });

  it('answer a byte range, its unit in any case', async () => {
    for (const range of ['bytes=100-199', 'BYTES=100-199']) {
      const [fromStore, fromDisk] = [
        await fromS3('GET', { range }),
        await fromLocal('GET', { range }),
      ];
      for (const answer of [fromStore, fromDisk]) {
        expect(answer.status, range).toBe(206);
        expect(answer.headers['content-range']).toBe('bytes 100-199/4096');
        expect(answer.body.equals(bytes.subarray(100, 200))).toBe(true);
      }
    }
  });

  it('answer HEAD as docs/storage.md says: locally with the headers, on S3 not with a GET link', async () => {
    const fromDisk = await fromLocal('HEAD');
    expect(fromDisk.status).toBe(200);
    expect(fromDisk.headers['content-length']).toBe(String(bytes.length));
    expect(fromDisk.headers['cache-control']).toBe('private, no-store');
    expect(fromDisk.body.length).toBe(0);
    // A presigned URL is signed for its method: the GET link does not answer a HEAD.
    const fromStore = await fromS3('HEAD');
    expect(fromStore.status).toBe(403);
  });
});

describe('reading a stored object piece by piece', () => {
  it('gives the same bytes on both drivers, in more than one piece, and nothing for a missing key', async () => {
    const large = randomBytes(3 * 1024 * 1024 + 17);
    const largeKey = `${key}.large`;
    for (const storage of [s3, local]) {
      await storage.put(largeKey, large, { contentType: 'application/pdf' });
      const pieces = await storage.readPieces(largeKey);
      if (!pieces) throw new Error('the stored object was not found');
      const read: Uint8Array[] = [];
      for await (const piece of pieces) read.push(piece);
      expect(read.length).toBeGreaterThan(1);
      expect(Buffer.concat(read).equals(large)).toBe(true);
      expect(await storage.readPieces(`${key}.missing`)).toBeUndefined();
      await storage.delete(largeKey);
    }
  });
});
