import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  NoSuchUpload,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { api, partBytes, type StartedMultipart } from '../test/upload-calls.ts';
import { S3Storage } from './s3-driver.ts';

/**
 * What s3rver cannot show (it checks no sizes and has neither list-parts nor abort): the
 * driver's calls and its handling of the store's answers, with the S3 client mocked.
 */
const s3 = mockClient(S3Client);
const bucket = 'seller-mock';
let t: TestApp;
let seller: TestSeller;

const s3Options = {
  bucket,
  region: 'eu-west-1',
  endpoint: undefined,
  credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  forcePathStyle: false,
  publicBaseUrl: undefined,
};

beforeAll(async () => {
  t = await createTestApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'eu-west-1',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
    S3_PUBLIC_BASE_URL: 'https://cdn.example.com',
  });
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  s3.restore();
  await t.close();
});
beforeEach(() => {
  s3.reset();
});

async function start(fileSize: number): Promise<StartedMultipart> {
  s3.on(CreateMultipartUploadCommand).resolves({ UploadId: `upload-${Math.random()}` });
  return api<StartedMultipart>(t.app, seller.token, '/api/products/start-multipart-upload', {
    fileName: 'film.mp4',
    fileType: 'video/mp4',
    fileSize,
  });
}

async function state(key: string) {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.storageKey, key));
  return row?.state;
}

describe('S3 driver, store answers mocked', () => {
  it('creates the client with checksums only when required', async () => {
    const storage = new S3Storage(s3Options);
    expect(await storage.client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await storage.client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    expect(storage.publicUrl('sellers/a/b.png')).toBe(
      `https://${bucket}.s3.eu-west-1.amazonaws.com/sellers/a/b.png`,
    );
    expect(storage.browserOrigins).toEqual([`https://${bucket}.s3.eu-west-1.amazonaws.com`]);
  });

  it('pages through list-parts: a 5 GiB upload has 1,024 parts, S3 answers 1,000 a page', async () => {
    const started = await start(5 * 1024 ** 3);
    const part = (n: number) => ({ PartNumber: n, ETag: `"e${n}"`, Size: partBytes });
    s3.on(ListPartsCommand, { PartNumberMarker: undefined })
      .resolves({
        Parts: Array.from({ length: 1000 }, (_, i) => part(i + 1)),
        IsTruncated: true,
        NextPartNumberMarker: '1000',
      })
      .on(ListPartsCommand, { PartNumberMarker: '1000' })
      .resolves({
        Parts: Array.from({ length: 24 }, (_, i) => part(i + 1001)),
        IsTruncated: false,
      });
    const { parts } = await api<{ parts: { PartNumber: number }[] }>(
      t.app,
      seller.token,
      '/api/products/list-uploaded-parts',
      started,
    );
    expect(parts).toHaveLength(1024);
    expect(parts.at(-1)).toEqual({ PartNumber: 1024, ETag: '"e1024"', Size: partBytes });
    const calls = s3.commandCalls(ListPartsCommand);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.args[0].input).toMatchObject({
      Bucket: bucket,
      Key: started.s3Key,
      UploadId: started.uploadId,
    });
    expect(calls[1]?.args[0].input.PartNumberMarker).toBe('1000');
  });

  it('a completed object whose size differs from the declared one is deleted and refused', async () => {
    const started = await start(partBytes + 10);
    s3.on(CompleteMultipartUploadCommand).resolves({});
    s3.on(HeadObjectCommand).resolves({ ContentLength: partBytes + 9, ContentType: 'video/mp4' });
    s3.on(DeleteObjectCommand).resolves({});
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: {
        ...started,
        parts: [
          { PartNumber: 1, ETag: '"a"' },
          { PartNumber: 2, ETag: '"b"' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    const deleted = s3.commandCalls(DeleteObjectCommand);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]?.args[0].input).toEqual({ Bucket: bucket, Key: started.s3Key });
    expect(s3.commandCalls(CompleteMultipartUploadCommand)[0]?.args[0].input).toMatchObject({
      MultipartUpload: {
        Parts: [
          { PartNumber: 1, ETag: '"a"' },
          { PartNumber: 2, ETag: '"b"' },
        ],
      },
    });
    expect(await state(started.s3Key)).toBe('aborted');
  });

  it('refuses completion when the store says parts are missing, and keeps the upload', async () => {
    const started = await start(partBytes + 10);
    s3.on(CompleteMultipartUploadCommand).rejects(
      Object.assign(new Error('One or more of the specified parts could not be found'), {
        name: 'InvalidPart',
      }),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: { ...started, parts: [{ PartNumber: 1, ETag: '"a"' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    expect(await state(started.s3Key)).toBe('pending');
  });

  it('a retried completion succeeds when the store already assembled the object', async () => {
    const storage = new S3Storage(s3Options);
    s3.on(CompleteMultipartUploadCommand).rejects(
      new NoSuchUpload({ message: 'gone', $metadata: { httpStatusCode: 404 } }),
    );
    s3.on(HeadObjectCommand).resolves({ ContentLength: 42 });
    await expect(
      storage.completeMultipartUpload('k', 'u', { parts: [], expectedSize: 42 }),
    ).resolves.toBeUndefined();
    s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'no', $metadata: {} }));
    await expect(
      storage.completeMultipartUpload('k', 'u', { parts: [], expectedSize: 42 }),
    ).rejects.toThrow('No such multipart upload');
  });

  it('abort calls the store once and is idempotent, even when the store forgot the upload', async () => {
    const started = await start(100);
    s3.on(AbortMultipartUploadCommand)
      .rejectsOnce(new NoSuchUpload({ message: 'gone', $metadata: { httpStatusCode: 404 } }))
      .resolves({});
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 204);
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 204);
    const calls = s3.commandCalls(AbortMultipartUploadCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input).toEqual({
      Bucket: bucket,
      Key: started.s3Key,
      UploadId: started.uploadId,
    });
    expect(await state(started.s3Key)).toBe('aborted');
  });

  it('another seller cannot reach the store through someone else upload', async () => {
    const started = await start(100);
    const intruder = await signUpSeller(t.app);
    s3.resetHistory();
    for (const url of [
      '/api/products/abort-multipart-upload',
      '/api/products/list-uploaded-parts',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(intruder.token),
        payload: started,
      });
      expect(response.statusCode).toBe(404);
    }
    expect(s3.calls()).toHaveLength(0);
  });

  it('head answers undefined for a missing object; public URLs use S3_PUBLIC_BASE_URL', async () => {
    s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'no', $metadata: {} }));
    const storage = new S3Storage({ ...s3Options, publicBaseUrl: 'https://cdn.example.com' });
    expect(await storage.head('sellers/x/y.png')).toBeUndefined();
    expect(storage.publicUrl('sellers/x/y.png')).toBe('https://cdn.example.com/sellers/x/y.png');
    // A key of URL-safe characters follows the base as it is (statements write such URLs).
    expect(storage.publicUrlBase).toBe('https://cdn.example.com/');
    expect(storage.publicUrl('sellers/x/y-1_2.png')).toBe(
      `${storage.publicUrlBase}sellers/x/y-1_2.png`,
    );
    expect(storage.keyFromPublicUrl('https://cdn.example.com/sellers/x/y.png')).toBe(
      'sellers/x/y.png',
    );
    expect(storage.keyFromPublicUrl('https://evil.example.com/sellers/x/y.png')).toBeUndefined();
  });
});
