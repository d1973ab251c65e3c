import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { api, partBytes, type StartedMultipart } from '../test/upload-calls.ts';
import { S3Storage } from './s3-driver.ts';

/** The store the browser talks to, over real HTTP: s3rver, with the bucket CORS we document. */
const bucket = 'seller-test';
const webOrigin = 'http://localhost:5173';
const corsXml = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${webOrigin}</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

let directory: string;
let server: S3rver;
let endpoint: string;
let t: TestApp;
let seller: TestSeller;
let storage: S3Storage;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'seller-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [corsXml] }],
  });
  const address = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${address.port}`;
  t = await createTestApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  if (t.config.storage.driver !== 's3') throw new Error('s3 driver expected');
  storage = new S3Storage(t.config.storage);
  seller = await signUpSeller(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

async function readObject(key: string): Promise<Buffer> {
  const result = await storage.client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await result.Body?.transformToByteArray()) ?? []);
}

describe('S3 driver against s3rver over HTTP', () => {
  it('presigns a PUT the browser can send, with an ETag readable through CORS', async () => {
    const body = randomBytes(4096);
    const started = await api<{
      uploadUrl: string;
      s3Key: string;
      bucket: string;
      publicUrl: string;
      contentType: string;
    }>(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: 'cover.png',
      fileType: 'image/png',
      fileSize: body.length,
      isImage: true,
    });
    expect(started.bucket).toBe(bucket);
    expect(started.uploadUrl.startsWith(`${endpoint}/${bucket}/sellers/`)).toBe(true);
    expect(started.publicUrl).toBe(`${endpoint}/${bucket}/${started.s3Key}`);

    const url = new URL(started.uploadUrl);
    const signed = url.searchParams.get('X-Amz-SignedHeaders')?.split(';') ?? [];
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));
    // No checksum parameters a browser could not satisfy.
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);

    const preflight = await fetch(started.uploadUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: webOrigin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect([webOrigin, '*']).toContain(preflight.headers.get('access-control-allow-origin'));

    const put = await fetch(started.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': started.contentType, Origin: webOrigin },
      body,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(put.headers.get('access-control-expose-headers')).toContain('ETag');

    const done = await api(t.app, seller.token, '/api/products/complete-upload', {
      s3Key: started.s3Key,
    });
    expect(done).toEqual({ s3Key: started.s3Key, bucket, publicUrl: started.publicUrl });
    expect((await readObject(started.s3Key)).equals(body)).toBe(true);
    expect(await storage.head(started.s3Key)).toEqual({ size: 4096, contentType: 'image/png' });
  });

  it('runs a multipart upload through presigned part URLs and completes it', async () => {
    const data = randomBytes(partBytes + 1000);
    const started = await api<StartedMultipart>(
      t.app,
      seller.token,
      '/api/products/start-multipart-upload',
      { fileName: 'lesson.mov', fileType: 'video/quicktime', fileSize: data.length },
    );
    const parts: { ETag: string; PartNumber: number }[] = [];
    for (const partNumber of [1, 2]) {
      const body = data.subarray((partNumber - 1) * partBytes, partNumber * partBytes);
      // Part 1 asks for a URL bound to its length, part 2 leaves the length open.
      const { uploadUrl } = await api<{ uploadUrl: string }>(
        t.app,
        seller.token,
        '/api/products/get-part-upload-url',
        { ...started, partNumber, ...(partNumber === 1 ? { contentLength: body.length } : {}) },
      );
      const signed = new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders') ?? '';
      expect(signed.split(';').includes('content-length')).toBe(partNumber === 1);
      const response = await fetch(uploadUrl, {
        method: 'PUT',
        headers: { Origin: webOrigin },
        body,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
      const etag = response.headers.get('etag');
      expect(etag).toBeTruthy();
      parts.push({ ETag: etag ?? '', PartNumber: partNumber });
    }
    const done = await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      ...started,
      parts,
    });
    expect(done).toMatchObject({ s3Key: started.s3Key, bucket });
    expect((await readObject(started.s3Key)).equals(data)).toBe(true);
    expect((await storage.head(started.s3Key))?.contentType).toBe('video/quicktime');
  });

  it('presigns a GET that downloads as an attachment with the original name', async () => {
    const key = `sellers/${randomBytes(4).toString('hex')}/file.pdf`;
    const body = randomBytes(100);
    const put = await fetch(
      await storage.presignPut(key, {
        contentType: 'application/pdf',
        contentLength: body.length,
        expiresInSeconds: 60,
      }),
      { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body },
    );
    expect(put.status).toBe(200);
    const url = await storage.presignGet(key, {
      fileName: '강의 노트 课程.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 300,
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment; filename="')).toBe(true);
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe('강의 노트 课程.pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  });

  it("allows the store in the pages' content security policy", async () => {
    // A page (here the not-found answer of one: no web build in tests) carries the policy.
    const response = await t.app.inject({ url: '/products/new' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src[^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).toMatch(new RegExp(`img-src[^;]*${endpoint.replace(/[.:/]/g, '\\$&')}`));
  });
});
