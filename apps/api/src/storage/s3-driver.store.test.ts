import { randomBytes } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { CreateDeliveryResponse } from '@seller/contract/internal/create-delivery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalSecret, purchase, recordPurchase, signedPost } from '../test/member-site-calls.ts';
import {
  adminClient,
  createTestBucket,
  dropTestBucket,
  s3Settings,
  s3TestStore,
} from '../test/s3-test-store.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { api } from '../test/upload-calls.ts';
import { S3Storage } from './s3-driver.ts';

/**
 * The S3 driver and the upload flows against a real store that checks what AWS checks:
 * signatures, signed length and type, part sizes, real ETags, ListParts paging.
 */

const MiB = 1024 * 1024;
const webOrigin = 'http://localhost:5173';
const store = s3TestStore();
let client: S3Client;
let bucket: string;
let t: TestApp;
let seller: TestSeller;
let storage: S3Storage;
/** The app's clock runs with the real one, this far off (a delivery given in the past). */
let clockOffsetMs = 0;

beforeAll(async () => {
  client = adminClient(store);
  bucket = await createTestBucket(client, [webOrigin]);
  t = await createTestApp(
    { ...s3Settings(store, bucket), INTERNAL_API_SECRET: internalSecret },
    { clock: () => new Date(Date.now() + clockOffsetMs) },
  );
  if (t.config.storage.driver !== 's3') throw new Error('s3 driver expected');
  storage = new S3Storage(t.config.storage);
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t?.close();
  if (bucket) await dropTestBucket(client, bucket);
  client?.destroy();
});

interface Started {
  uploadUrl: string;
  s3Key: string;
  bucket: string;
  publicUrl: string | null;
  contentType: string;
}

async function getUploadUrl(fileName: string, fileType: string, size: number, isImage = false) {
  return api<Started>(t.app, seller.token, '/api/products/get-upload-url', {
    fileName,
    fileType,
    fileSize: size,
    isImage,
  });
}

function put(url: string, body: Buffer, contentType?: string) {
  return fetch(url, {
    method: 'PUT',
    headers: {
      Origin: webOrigin,
      ...(contentType === undefined ? {} : { 'Content-Type': contentType }),
    },
    body,
  });
}

async function readObject(key: string): Promise<Buffer> {
  const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from((await result.Body?.transformToByteArray()) ?? []);
}

async function createProduct(files: string[], thumbnails: string[]) {
  return api<{
    product: { id: string; thumbnail_url: string | null };
    files: { id: string; file_type: string; file_size: number }[];
  }>(
    t.app,
    seller.token,
    '/api/products/create',
    {
      title: 'On a real store',
      price: 9,
      files: files.map((s3Key) => ({ s3Key })),
      thumbnails: thumbnails.map((s3Key) => ({ s3Key })),
    },
    201,
  );
}

async function downloadUrl(productId: string, fileId: string) {
  const answer = await t.app.inject({
    url: `/api/products/${productId}/download/${fileId}`,
    headers: bearer(seller.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ downloadUrl: string }>().downloadUrl;
}

async function thumbnail(): Promise<string> {
  const bytes = randomBytes(700);
  const started = await getUploadUrl('cover.png', 'image/png', bytes.length, true);
  expect((await put(started.uploadUrl, bytes, 'image/png')).status).toBe(200);
  return started.s3Key;
}

describe('single PUT with the browser type, then create', () => {
  it('signs exactly the declared alias; the store refuses another type; create claims it', async () => {
    const bytes = randomBytes(5000);
    const started = await getUploadUrl('course.zip', 'application/x-zip-compressed', bytes.length);
    expect(started.publicUrl).toBeNull();
    const signed = new URL(started.uploadUrl).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type']));

    const wrongType = await put(started.uploadUrl, bytes, 'application/zip');
    expect(wrongType.status).toBe(403);
    const wrongLength = await put(
      started.uploadUrl,
      bytes.subarray(1),
      'application/x-zip-compressed',
    );
    expect(wrongLength.status).toBeGreaterThanOrEqual(400);
    const ok = await put(started.uploadUrl, bytes, 'application/x-zip-compressed');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-expose-headers')).toContain('ETag');

    const detail = await createProduct([started.s3Key], [await thumbnail()]);
    expect(detail.files[0]).toMatchObject({ file_type: 'application/zip', file_size: 5000 });
    const download = await fetch(await downloadUrl(detail.product.id, detail.files[0]?.id ?? ''));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a tampered signature is refused by the store', async () => {
    const started = await getUploadUrl('a.pdf', 'application/pdf', 10);
    const url = new URL(started.uploadUrl);
    const signature = url.searchParams.get('X-Amz-Signature') ?? '';
    url.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    expect((await put(url.toString(), randomBytes(10), 'application/pdf')).status).toBe(403);
  });

  it('a type left out is not signed; what the store then holds is checked on claim', async () => {
    const bytes = randomBytes(300);
    const clean = await getUploadUrl('clip.mov', '', bytes.length);
    const signed = new URL(clean.uploadUrl).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).not.toContain('content-type');
    expect((await put(clean.uploadUrl, bytes)).status).toBe(200);
    await createProduct([clean.s3Key], [await thumbnail()]);

    // Stored as HTML: never attached, so never served from the bucket as a page.
    const image = await getUploadUrl('photo.png', '', 100, true);
    expect((await put(image.uploadUrl, randomBytes(100), 'text/html')).status).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(seller.token),
      payload: {
        title: 'x',
        price: 1,
        files: [{ s3Key: clean.s3Key }],
        thumbnails: [{ s3Key: image.s3Key }],
      },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('public images are readable by anyone from the bucket', async () => {
    const key = await thumbnail();
    const detail = await createProduct(
      [
        (
          await (async () => {
            const file = await getUploadUrl('x.pdf', 'application/pdf', 10);
            await put(file.uploadUrl, randomBytes(10), 'application/pdf');
            return file;
          })()
        ).s3Key,
      ],
      [key],
    );
    const image = await fetch(detail.product.thumbnail_url ?? '');
    expect(image.status).toBe(200);
    // A product file is not.
    const privateFile = await fetch(storage.publicUrl(key.replace(/\.png$/, '.pdf')));
    expect(privateFile.status).toBeGreaterThanOrEqual(403);
  });

  it("the catalog's thumbnails load on another site's pages", async () => {
    const key = await thumbnail();
    const file = await getUploadUrl('y.pdf', 'application/pdf', 10);
    await put(file.uploadUrl, randomBytes(10), 'application/pdf');
    const detail = await createProduct([file.s3Key], [key]);
    const page = await t.app.inject({
      url: `/api/public/sellers/${seller.nickname}/products/${detail.product.id}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json<{ product: { thumbnail_url: string } }>().product.thumbnail_url;
    expect(shown).toBe(storage.publicUrl(key));
    const origin = 'https://any-member-site.example.org';
    // As an <img> of that site: no Cross-Origin-Resource-Policy keeps it to the store's origin.
    const image = await fetch(shown, { headers: { Origin: origin } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cross-origin-resource-policy') ?? 'cross-origin').toBe(
      'cross-origin',
    );
  });
});

async function startMultipart(fileSize?: number) {
  return api<{ s3Key: string; uploadId: string }>(
    t.app,
    seller.token,
    '/api/products/start-multipart-upload',
    { fileName: 'lesson.mp4', fileType: 'video/mp4', ...(fileSize ? { fileSize } : {}) },
  );
}

async function partUrl(
  started: { s3Key: string; uploadId: string },
  partNumber: number,
  contentLength?: number,
) {
  const { uploadUrl } = await api<{ uploadUrl: string }>(
    t.app,
    seller.token,
    '/api/products/get-part-upload-url',
    { ...started, partNumber, ...(contentLength ? { contentLength } : {}) },
  );
  return uploadUrl;
}

async function sendParts(
  started: { s3Key: string; uploadId: string },
  data: Buffer,
  partSize: number,
  order: number[],
) {
  const parts = await Promise.all(
    order.map(async (partNumber) => {
      const response = await put(
        await partUrl(started, partNumber),
        data.subarray((partNumber - 1) * partSize, partNumber * partSize),
      );
      expect(response.status).toBe(200);
      return { PartNumber: partNumber, ETag: response.headers.get('etag') ?? '' };
    }),
  );
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

function completeMultipart(started: { s3Key: string; uploadId: string }, parts: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/products/complete-multipart-upload',
    headers: bearer(seller.token),
    payload: { ...started, parts },
  });
}

describe('multipart uploads on a real store', () => {
  it('8 MiB parts in any order, no size declared: completes, attaches and downloads', async () => {
    const data = randomBytes(2 * 8 * MiB + 4321);
    const started = await startMultipart();
    const parts = await sendParts(started, data, 8 * MiB, [3, 1, 2]);
    const completed = await completeMultipart(started, parts);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ s3Key: started.s3Key, publicUrl: null });
    expect((await readObject(started.s3Key)).equals(data)).toBe(true);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: started.s3Key }));
    expect(head.ContentType).toBe('video/mp4');
    const detail = await createProduct([started.s3Key], [await thumbnail()]);
    expect(detail.files[0]?.file_size).toBe(data.length);
  });

  it('a part URL asked for with a length is signed for it', async () => {
    const started = await startMultipart(6 * MiB);
    const url = await partUrl(started, 1, 5 * MiB);
    const signed = new URL(url).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signed.split(';')).toContain('content-length');
    expect((await put(url, randomBytes(5 * MiB - 1))).status).toBeGreaterThanOrEqual(400);
    expect((await put(url, randomBytes(5 * MiB))).status).toBe(200);
  });

  it('a non-final part under 5 MiB is refused at completion with a clear 400', async () => {
    const started = await startMultipart();
    const parts = await sendParts(started, randomBytes(3 * MiB), MiB, [1, 2, 3]);
    const response = await completeMultipart(started, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_part_too_small' });
  });

  it('a declared size the parts do not make is refused and the object dropped', async () => {
    const started = await startMultipart(5 * MiB + 20);
    const parts = await sendParts(started, randomBytes(5 * MiB + 10), 5 * MiB, [1, 2]);
    const response = await completeMultipart(started, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    expect(await storage.head(started.s3Key)).toBeUndefined();
  });

  it('completing an upload the store no longer has is a 400, and a repeat of a done one succeeds', async () => {
    const gone = await startMultipart();
    const parts = await sendParts(gone, randomBytes(100), 5 * MiB, [1]);
    await client.send(
      new AbortMultipartUploadCommand({ Bucket: bucket, Key: gone.s3Key, UploadId: gone.uploadId }),
    );
    const response = await completeMultipart(gone, parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });

    const done = await startMultipart();
    const doneParts = await sendParts(done, randomBytes(100), 5 * MiB, [1]);
    const options = {
      parts: doneParts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag })),
      expectedSize: 100,
    };
    await storage.completeMultipartUpload(done.s3Key, done.uploadId, options);
    // The store no longer lists it; the object is there: a retried completion is a success.
    await storage.completeMultipartUpload(done.s3Key, done.uploadId, options);
    expect((await storage.head(done.s3Key))?.size).toBe(100);
  });

  it('list-uploaded-parts pages past 1,000 parts, and is a 404 once the store lost the upload', async () => {
    const started = await startMultipart();
    const numbers = Array.from({ length: 1003 }, (_, i) => i + 1);
    for (let from = 0; from < numbers.length; from += 50) {
      await Promise.all(
        numbers.slice(from, from + 50).map(async (partNumber) => {
          const response = await put(
            await partUrl(started, partNumber),
            Buffer.from([partNumber % 256]),
          );
          expect(response.status).toBe(200);
        }),
      );
    }
    const listed = await api<{ parts: { PartNumber: number; Size: number }[] }>(
      t.app,
      seller.token,
      '/api/products/list-uploaded-parts',
      started,
    );
    expect(listed.parts.map((part) => part.PartNumber)).toEqual(numbers);

    await client.send(
      new AbortMultipartUploadCommand({
        Bucket: bucket,
        Key: started.s3Key,
        UploadId: started.uploadId,
      }),
    );
    const lost = await t.app.inject({
      method: 'POST',
      url: '/api/products/list-uploaded-parts',
      headers: bearer(seller.token),
      payload: started,
    });
    expect(lost.statusCode).toBe(404);
  });

  it('abort drops the stored parts', async () => {
    const started = await startMultipart();
    await sendParts(started, randomBytes(5 * MiB), 5 * MiB, [1]);
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 204);
    await expect(storage.listParts(started.s3Key, started.uploadId)).rejects.toThrow();
  });
});

describe('the avatar on a real store', () => {
  it('PUT with the browser type, then PUT /api/auth/avatar; the image is public', async () => {
    const bytes = randomBytes(900);
    const started = await api<{ uploadUrl: string; publicUrl: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar-upload-url',
      { fileName: 'me.jpg', fileType: 'image/jpg', fileSize: bytes.length },
    );
    expect((await put(started.uploadUrl, bytes, 'image/jpg')).status).toBe(200);
    const profile = await api<{ avatarUrl: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar',
      { avatarUrl: started.publicUrl },
      200,
      'PUT',
    );
    expect(profile.avatarUrl).toBe(started.publicUrl);
    const image = await fetch(started.publicUrl);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("the buyer's delivery on a real store", () => {
  const name = '한국어 안내서 "최종" 版.pdf';

  async function deliver(orderId: string, fileId: string) {
    const answer = await signedPost(t.app, '/api/internal/deliveries', { orderId, fileId });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CreateDeliveryResponse>().delivery;
  }

  it('presigns a GET with the exact bytes, the original name, Range and an expiry', async () => {
    const bytes = randomBytes(300_000);
    const started = await getUploadUrl(name, 'application/pdf', bytes.length);
    expect((await put(started.uploadUrl, bytes, 'application/pdf')).status).toBe(200);
    const detail = await createProduct([started.s3Key], [await thumbnail()]);
    const fileId = detail.files[0]?.id ?? '';
    const order = purchase(detail.product.id);
    await recordPurchase(t.app, order);

    const delivery = await deliver(order.orderId, fileId);
    expect(delivery).toMatchObject({ fileName: name, size: 300_000, downloadsUsed: 1 });
    const whole = await fetch(delivery.downloadUrl);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    const disposition = whole.headers.get('content-disposition') ?? '';
    expect(disposition.startsWith('attachment;')).toBe(true);
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(name);

    const part = await fetch(delivery.downloadUrl, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 1000-1999/300000');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    // A link given 605 s ago has had its 600 s: the store refuses it.
    clockOffsetMs = -605_000;
    let late: Awaited<ReturnType<typeof deliver>>;
    try {
      late = await deliver(order.orderId, fileId);
    } finally {
      clockOffsetMs = 0;
    }
    expect(Date.parse(late.expiresAt)).toBeLessThan(Date.now());
    const expired = await fetch(late.downloadUrl);
    expect(expired.status).toBe(403);
    await expired.arrayBuffer();
  });
});
