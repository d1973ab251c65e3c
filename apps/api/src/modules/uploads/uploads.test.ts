import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GetUploadUrlResponse } from '@seller/contract/uploads/get-upload-url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UploadRow, uploads } from '../../db/schema.ts';
import { publicUrlOf } from '../../test/completed-uploads.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  api,
  partBytes,
  putBytes,
  type StartedMultipart,
  sendParts,
} from '../../test/upload-calls.ts';
import { uploadClaimer } from '../../test/upload-claims.ts';

let t: TestApp;
let storageRoot: string;
let claim: Awaited<ReturnType<typeof uploadClaimer>>;
beforeAll(async () => {
  t = await createTestApp();
  claim = await uploadClaimer(t);
  if (t.config.storage.driver !== 'local') throw new Error('tests expect the local driver');
  storageRoot = t.config.storage.root;
});
afterAll(async () => {
  await t.close();
});

const fiveGiB = 5 * 1024 * 1024 * 1024;

async function rowByKey(key: string): Promise<UploadRow> {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.storageKey, key));
  if (!row) throw new Error(`no upload row for ${key}`);
  return row;
}

async function startMultipart(
  seller: TestSeller,
  fileSize: number,
  fileName = 'course.zip',
): Promise<StartedMultipart> {
  return api<StartedMultipart>(t.app, seller.token, '/api/products/start-multipart-upload', {
    fileName,
    fileType: fileName.endsWith('.zip') ? 'application/zip' : 'video/mp4',
    fileSize,
  });
}

/** A completed single-PUT upload of `kind` for the seller. */
async function completedUpload(seller: TestSeller, isImage = false, bytes = 2048) {
  const body = randomBytes(bytes);
  const started = await api<GetUploadUrlResponse>(
    t.app,
    seller.token,
    '/api/products/get-upload-url',
    {
      fileName: isImage ? 'cover.png' : 'guide.pdf',
      fileType: isImage ? 'image/png' : 'application/pdf',
      fileSize: bytes,
      isImage,
    },
  );
  const put = await putBytes(t.app, started.uploadUrl, body, started.contentType);
  expect(put.statusCode, put.body).toBe(200);
  await api(t.app, seller.token, '/api/products/complete-upload', { s3Key: started.s3Key });
  return { ...started, body };
}

describe('single-PUT uploads', () => {
  it('issues a server key, stores the bytes and completes once they are stored', async () => {
    const seller = await signUpSeller(t.app);
    const body = randomBytes(3000);
    const started = await api<{
      uploadUrl: string;
      s3Key: string;
      bucket: string;
      publicUrl: string;
      contentType: string;
    }>(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: '../../etc/passwd 한국어.PDF',
      fileType: 'application/pdf',
      fileSize: body.length,
      isImage: false,
    });
    expect(started.s3Key).toMatch(/^sellers\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/);
    expect(started.s3Key).not.toContain('passwd');
    expect(started.bucket).toBe('local');
    expect(started.contentType).toBe('application/pdf');
    expect(started.uploadUrl).toMatch(/^\/storage\/upload\//);
    const pending = await rowByKey(started.s3Key);
    expect(pending).toMatchObject({
      state: 'pending',
      kind: 'file',
      declaredSize: 3000,
      originalName: '../../etc/passwd 한국어.PDF',
      extension: 'pdf',
      attachedAt: null,
    });

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-upload',
      headers: bearer(seller.token),
      payload: { s3Key: started.s3Key },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'upload_incomplete' });

    const put = await putBytes(t.app, started.uploadUrl, body, 'application/pdf');
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toMatch(/^"[0-9a-f]+"$/);
    const stored = await readFile(path.join(storageRoot, started.s3Key));
    expect(stored.equals(body)).toBe(true);

    const done = await api(t.app, seller.token, '/api/products/complete-upload', {
      s3Key: started.s3Key,
    });
    expect(done).toEqual({
      s3Key: started.s3Key,
      bucket: 'local',
      publicUrl: started.publicUrl,
    });
    const again = await api(t.app, seller.token, '/api/products/complete-upload', {
      s3Key: started.s3Key,
    });
    expect(again).toEqual(done);
    const row = await rowByKey(started.s3Key);
    expect(row.state).toBe('completed');
    expect(row.completedAt).toBeInstanceOf(Date);
  });

  it('serves thumbnails publicly with a long cache but never product files', async () => {
    const seller = await signUpSeller(t.app);
    const image = await completedUpload(seller, true);
    const response = await t.app.inject({ url: publicUrlOf(image) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(image.body)).toBe(true);

    // A product file has no public address, and its key read as one is not there.
    const file = await completedUpload(seller, false);
    expect(file.publicUrl).toBeNull();
    const direct = await t.app.inject({ url: `/storage/public/${file.s3Key}` });
    expect(direct.statusCode).toBe(404);
    const traversal = await t.app.inject({ url: '/storage/public/../secrets/jwt-secret' });
    expect(traversal.statusCode).toBe(404);
  });

  it('a PUT sent again replaces the bytes only until the upload is completed or attached', async () => {
    const seller = await signUpSeller(t.app);
    const first = randomBytes(2048);
    const started = await api<GetUploadUrlResponse>(
      t.app,
      seller.token,
      '/api/products/get-upload-url',
      {
        fileName: 'guide.pdf',
        fileType: 'application/pdf',
        fileSize: first.length,
        isImage: false,
      },
    );
    const file = path.join(storageRoot, started.s3Key);
    expect((await putBytes(t.app, started.uploadUrl, first, started.contentType)).statusCode).toBe(
      200,
    );
    // A retry whose first answer was lost: still unfinished, so the bytes are stored again.
    const retried = randomBytes(2048);
    const again = await putBytes(t.app, started.uploadUrl, retried, started.contentType);
    expect(again.statusCode, again.body).toBe(200);
    expect((await readFile(file)).equals(retried)).toBe(true);

    await api(t.app, seller.token, '/api/products/complete-upload', { s3Key: started.s3Key });
    const late = await putBytes(t.app, started.uploadUrl, randomBytes(2048), started.contentType);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'conflict' });
    expect((await readFile(file)).equals(retried)).toBe(true);

    // Attached (claimed straight from the PUT, no completion call): the bytes stay too.
    const other = await api<GetUploadUrlResponse>(
      t.app,
      seller.token,
      '/api/products/get-upload-url',
      { fileName: 'guide.pdf', fileType: 'application/pdf', fileSize: 1024, isImage: false },
    );
    const kept = randomBytes(1024);
    expect((await putBytes(t.app, other.uploadUrl, kept, other.contentType)).statusCode).toBe(200);
    await claim((await rowByKey(other.s3Key)).sellerId, [other.s3Key], 'file');
    const replaced = await putBytes(t.app, other.uploadUrl, randomBytes(1024), other.contentType);
    expect(replaced.statusCode).toBe(409);
    expect((await readFile(path.join(storageRoot, other.s3Key))).equals(kept)).toBe(true);
    expect(
      (await readdir(path.join(storageRoot, '.incoming'))).filter((name) =>
        name.startsWith('put-'),
      ),
    ).toEqual([]);
  });

  it('a stored size different from the declared one deletes the object and fails', async () => {
    const seller = await signUpSeller(t.app);
    const started = await api<{ uploadUrl: string; s3Key: string }>(
      t.app,
      seller.token,
      '/api/products/get-upload-url',
      { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 100, isImage: false },
    );
    // Bytes that did not come through the signed URL (another writer, a broken store).
    await mkdir(path.dirname(path.join(storageRoot, started.s3Key)), { recursive: true });
    await writeFile(path.join(storageRoot, started.s3Key), randomBytes(99));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-upload',
      headers: bearer(seller.token),
      payload: { s3Key: started.s3Key },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    await expect(readFile(path.join(storageRoot, started.s3Key))).rejects.toThrow();
    expect((await rowByKey(started.s3Key)).state).toBe('aborted');
  });
});

describe('type and size rules, before any URL is issued', () => {
  const gb5 = fiveGiB;
  it.each([
    [
      'a .zip sent as application/x-zip-compressed',
      'a.zip',
      'application/x-zip-compressed',
      10,
      'application/zip',
    ],
    ['a .zip sent as application/zip', 'a.zip', 'application/zip', 10, 'application/zip'],
    ['a .mov sent as video/quicktime', 'clip.mov', 'video/quicktime', 10, 'video/quicktime'],
    ['a .pdf with an empty type', 'book.pdf', '', 10, 'application/pdf'],
    ['an .avi as video/x-msvideo', 'film.AVI', 'video/x-msvideo', 10, 'video/x-msvideo'],
    ['a .mpeg as video/mpeg', 'film.mpeg', 'video/mpeg', 10, 'video/mpeg'],
    ['a .mp4 of exactly 5 GB', 'film.mp4', 'video/mp4', gb5, 'video/mp4'],
  ])('accepts %s', async (_name, fileName, fileType, fileSize, canonical) => {
    const seller = await signUpSeller(t.app);
    const started = await api<{ s3Key: string; contentType: string }>(
      t.app,
      seller.token,
      '/api/products/get-upload-url',
      { fileName, fileType, fileSize, isImage: false },
    );
    expect(started.contentType).toBe(fileType || canonical);
    const row = await rowByKey(started.s3Key);
    expect(row.contentType).toBe(canonical);
    expect(row.declaredSize).toBe(fileSize);
  });

  it.each([
    ['an .exe', 'setup.exe', 'application/x-msdownload', 10, false, 'file_type_not_allowed', 400],
    [
      'a .pdf claiming to be an image',
      'a.pdf',
      'image/png',
      10,
      false,
      'file_type_not_allowed',
      400,
    ],
    ['no extension', 'README', '', 10, false, 'file_type_not_allowed', 400],
    ['a file of 5 GB + 1 byte', 'film.mp4', 'video/mp4', gb5 + 1, false, 'file_too_large', 413],
    ['an SVG thumbnail', 'logo.svg', 'image/svg+xml', 10, true, 'file_type_not_allowed', 400],
    ['a .pdf as thumbnail', 'a.pdf', 'application/pdf', 10, true, 'file_type_not_allowed', 400],
    ['a thumbnail over 10 MB', 'a.png', 'image/png', 10 * 2 ** 20 + 1, true, 'file_too_large', 413],
  ])('refuses %s', async (_name, fileName, fileType, fileSize, isImage, code, status) => {
    const seller = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/get-upload-url',
      headers: bearer(seller.token),
      payload: { fileName, fileType, fileSize, isImage },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
    expect(response.json()).not.toHaveProperty('uploadUrl');
  });

  it('accepts a thumbnail of exactly 10 MB and refuses empty or fractional sizes', async () => {
    const seller = await signUpSeller(t.app);
    await api(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: 'a.webp',
      fileType: 'image/webp',
      fileSize: 10 * 2 ** 20,
      isImage: true,
    });
    for (const fileSize of [0, 1.5, -1, '12']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products/get-upload-url',
        headers: bearer(seller.token),
        payload: { fileName: 'sizes.pdf', fileType: 'application/pdf', fileSize, isImage: false },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(
      await t.database.db.select().from(uploads).where(eq(uploads.originalName, 'sizes.pdf')),
    ).toHaveLength(0);
  });

  it('applies the same rules to multipart uploads and refuses images there', async () => {
    const seller = await signUpSeller(t.app);
    for (const [fileName, fileType, fileSize, code] of [
      ['a.png', 'image/png', 10, 'file_type_not_allowed'],
      ['a.zip', 'application/zip', fiveGiB + 1, 'file_too_large'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/products/start-multipart-upload',
        headers: bearer(seller.token),
        payload: { fileName, fileType, fileSize },
      });
      expect(response.json()).toMatchObject({ code });
    }
  });

  it('requires a signed-in seller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/get-upload-url',
      payload: { fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 1, isImage: false },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('multipart uploads', () => {
  it('uploads parts, lists them for resume and completes into one object', async () => {
    const seller = await signUpSeller(t.app);
    const data = randomBytes(partBytes * 2 + 1234);
    const started = await startMultipart(seller, data.length);
    expect(started).toMatchObject({ bucket: 'local', partSize: partBytes });
    expect((await rowByKey(started.s3Key)).multipartUploadId).toBe(started.uploadId);

    // Part 2 first, then ask which parts are stored, as a resumed upload would.
    const [second] = await sendParts(t.app, seller.token, started, data, [2]);
    expect((await rowByKey(started.s3Key)).state).toBe('uploading');
    const listed = await api<{ parts: { PartNumber: number; ETag: string; Size: number }[] }>(
      t.app,
      seller.token,
      '/api/products/list-uploaded-parts',
      { s3Key: started.s3Key, uploadId: started.uploadId },
    );
    expect(listed.parts).toEqual([{ PartNumber: 2, ETag: second?.ETag, Size: partBytes }]);

    const incomplete = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: { ...started, parts: [second] },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({ code: 'upload_incomplete' });

    const rest = await sendParts(t.app, seller.token, started, data, [1, 3]);
    const parts = [...rest, second].filter((p) => p !== undefined);
    const done = await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      s3Key: started.s3Key,
      uploadId: started.uploadId,
      parts,
    });
    expect(done).toMatchObject({ s3Key: started.s3Key, bucket: 'local' });
    const stored = await readFile(path.join(storageRoot, started.s3Key));
    expect(stored.equals(data)).toBe(true);
    expect(await readdir(path.join(storageRoot, '.incoming'))).not.toContain(started.uploadId);

    // Completion is idempotent; abort after completion is refused only once attached.
    const again = await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      s3Key: started.s3Key,
      uploadId: started.uploadId,
      parts,
    });
    expect(again).toEqual(done);
    expect((await rowByKey(started.s3Key)).state).toBe('completed');
  });

  it('two completions at once both succeed with the same answer', async () => {
    const seller = await signUpSeller(t.app);
    const data = randomBytes(partBytes + 4321);
    const started = await startMultipart(seller, data.length);
    const parts = await sendParts(t.app, seller.token, started, data);
    const complete = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/complete-multipart-upload',
        headers: bearer(seller.token),
        payload: { ...started, parts },
      });
    const answers = await Promise.all([complete(), complete()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]?.json()).toEqual(answers[0]?.json());
    const stored = await readFile(path.join(storageRoot, started.s3Key));
    expect(stored.equals(data)).toBe(true);
    expect((await rowByKey(started.s3Key)).state).toBe('completed');
  });

  it('refuses a wrong ETag at completion', async () => {
    const seller = await signUpSeller(t.app);
    const data = randomBytes(1000);
    const started = await startMultipart(seller, data.length);
    await sendParts(t.app, seller.token, started, data);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: { ...started, parts: [{ PartNumber: 1, ETag: '"not-the-etag"' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
  });

  it('abort is idempotent, drops the parts and ends the upload', async () => {
    const seller = await signUpSeller(t.app);
    const data = randomBytes(partBytes + 10);
    const started = await startMultipart(seller, data.length);
    const parts = await sendParts(t.app, seller.token, started, data, [1]);
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 204);
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 204);
    expect((await rowByKey(started.s3Key)).state).toBe('aborted');
    const files = await readdir(path.join(storageRoot, '.incoming'));
    expect(files.filter((name) => name.startsWith(started.uploadId))).toEqual([]);
    for (const [url, payload] of [
      ['/api/products/get-part-upload-url', { ...started, partNumber: 2 }],
      ['/api/products/list-uploaded-parts', started],
      ['/api/products/complete-multipart-upload', { ...started, parts }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(seller.token),
        payload,
      });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('a 5,368,709,120-byte file takes the multipart path: 1,024 parts of 5 MiB, 64-bit size', async () => {
    const seller = await signUpSeller(t.app);
    const started = await startMultipart(seller, fiveGiB, 'masterclass.mp4');
    const row = await rowByKey(started.s3Key);
    expect(row.declaredSize).toBe(5_368_709_120);
    expect(row.declaredSize).toBeGreaterThan(2 ** 31);

    const last = await api<{ uploadUrl: string }>(
      t.app,
      seller.token,
      '/api/products/get-part-upload-url',
      { ...started, partNumber: 1024 },
    );
    const grant = JSON.parse(
      Buffer.from(last.uploadUrl.split('/').pop()?.split('.')[0] ?? '', 'base64url').toString(),
    );
    // Any part size the client chooses, up to S3's 5 GiB a part.
    expect(grant).toMatchObject({ op: 'part', part: 1024, max: fiveGiB });
    expect(grant.length).toBeUndefined();
    const beyond = await t.app.inject({
      method: 'POST',
      url: '/api/products/get-part-upload-url',
      headers: bearer(seller.token),
      payload: { ...started, partNumber: 1025 },
    });
    expect(beyond.statusCode).toBe(400);
  });

  it('lists all 1,024 parts of a 5 GiB upload for resume', async () => {
    const seller = await signUpSeller(t.app);
    const started = await startMultipart(seller, fiveGiB, 'masterclass.mp4');
    // Writing 5 GiB is out of reach in a test: lay down the part records the driver keeps.
    const records = path.join(storageRoot, '.incoming', `${started.uploadId}.parts`);
    await Promise.all(
      Array.from({ length: 1024 }, (_, i) =>
        writeFile(
          path.join(records, String(i + 1)),
          JSON.stringify({ size: partBytes, etag: `"etag-${i + 1}"` }),
        ),
      ),
    );
    const listed = await api<{ parts: { PartNumber: number; ETag: string; Size: number }[] }>(
      t.app,
      seller.token,
      '/api/products/list-uploaded-parts',
      started,
    );
    expect(listed.parts).toHaveLength(1024);
    expect(listed.parts[0]).toEqual({ PartNumber: 1, ETag: '"etag-1"', Size: partBytes });
    expect(listed.parts[1023]?.PartNumber).toBe(1024);
    expect(listed.parts.map((p) => p.PartNumber)).toEqual(
      Array.from({ length: 1024 }, (_, i) => i + 1),
    );
  });
});

describe("another seller's uploads", () => {
  it('cannot get part URLs for, list, complete or abort them: 404 and nothing changes', async () => {
    const owner = await signUpSeller(t.app);
    const intruder = await signUpSeller(t.app);
    const data = randomBytes(500);
    const started = await startMultipart(owner, data.length);
    const parts = await sendParts(t.app, owner.token, started, data);
    const before = await rowByKey(started.s3Key);

    for (const [url, payload] of [
      ['/api/products/get-part-upload-url', { ...started, partNumber: 1 }],
      ['/api/products/list-uploaded-parts', started],
      ['/api/products/complete-multipart-upload', { ...started, parts }],
      ['/api/products/abort-multipart-upload', started],
      ['/api/products/complete-upload', { s3Key: started.s3Key }],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(intruder.token),
        payload,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
    expect(await rowByKey(started.s3Key)).toEqual(before);
    const listed = await api<{ parts: unknown[] }>(
      t.app,
      owner.token,
      '/api/products/list-uploaded-parts',
      started,
    );
    expect(listed.parts).toHaveLength(1);
    await api(t.app, owner.token, '/api/products/complete-multipart-upload', {
      ...started,
      parts,
    });
  });

  it('made-up keys and upload ids are 404', async () => {
    const seller = await signUpSeller(t.app);
    const started = await startMultipart(seller, 100);
    const madeUp = [
      { s3Key: `sellers/${randomBytes(4).toString('hex')}/x.zip`, uploadId: started.uploadId },
      { s3Key: started.s3Key, uploadId: randomBytes(16).toString('hex') },
      { s3Key: '../../secrets/jwt-secret', uploadId: '../../secrets' },
    ];
    for (const ref of madeUp) {
      for (const [url, payload] of [
        ['/api/products/get-part-upload-url', { ...ref, partNumber: 1 }],
        ['/api/products/list-uploaded-parts', ref],
        [
          '/api/products/complete-multipart-upload',
          { ...ref, parts: [{ ETag: 'x', PartNumber: 1 }] },
        ],
        ['/api/products/abort-multipart-upload', ref],
        ['/api/products/complete-upload', { s3Key: ref.s3Key }],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: bearer(seller.token),
          payload,
        });
        expect(response.statusCode, `${url} ${JSON.stringify(ref)}`).toBe(404);
      }
    }
  });
});

describe('claiming uploads', () => {
  it('attaches completed uploads of the seller once, in order, inside a transaction', async () => {
    const seller = await signUpSeller(t.app);
    const first = await completedUpload(seller);
    const second = await completedUpload(seller);
    const sellerId = (await rowByKey(first.s3Key)).sellerId;
    const claimed = await claim(sellerId, [second.s3Key, first.s3Key], 'file');
    expect(claimed).toEqual([
      {
        key: second.s3Key,
        originalName: 'guide.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        size: 2048,
      },
      expect.objectContaining({ key: first.s3Key }),
    ]);
    expect((await rowByKey(first.s3Key)).attachedAt).toBeInstanceOf(Date);

    // Already attached: refused; and abort can no longer drop it.
    await expect(claim(sellerId, [first.s3Key], 'file')).rejects.toMatchObject({
      code: 'upload_not_found',
      statusCode: 400,
    });
  });

  it("refuses other sellers' keys, uploads never sent, the wrong kind and unknown keys, all or nothing", async () => {
    const seller = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const mine = await completedUpload(seller);
    const image = await completedUpload(seller, true);
    const theirs = await completedUpload(other);
    const pending = await api<{ s3Key: string }>(
      t.app,
      seller.token,
      '/api/products/get-upload-url',
      { fileName: 'p.pdf', fileType: 'application/pdf', fileSize: 10, isImage: false },
    );
    const sellerId = (await rowByKey(mine.s3Key)).sellerId;
    for (const [keys, code] of [
      [[mine.s3Key, theirs.s3Key], 'upload_not_found'],
      [[mine.s3Key, pending.s3Key], 'upload_incomplete'],
      [[mine.s3Key, image.s3Key], 'upload_not_found'],
      [[mine.s3Key, `sellers/${sellerId}/made-up.pdf`], 'upload_not_found'],
      [[mine.s3Key, mine.s3Key], 'upload_not_found'],
    ] as const) {
      await expect(claim(sellerId, [...keys], 'file')).rejects.toMatchObject({ code });
      expect((await rowByKey(mine.s3Key)).attachedAt).toBeNull();
    }
    expect((await rowByKey(pending.s3Key)).state).toBe('pending');
    expect((await rowByKey(theirs.s3Key)).attachedAt).toBeNull();
    const images = await claim(sellerId, [image.s3Key], 'image');
    expect(images).toEqual([
      expect.objectContaining({ contentType: 'image/png', extension: 'png' }),
    ]);
  });

  it('an attached upload cannot be aborted', async () => {
    const seller = await signUpSeller(t.app);
    const data = randomBytes(100);
    const started = await startMultipart(seller, data.length);
    const parts = await sendParts(t.app, seller.token, started, data);
    await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      ...started,
      parts,
    });
    const sellerId = (await rowByKey(started.s3Key)).sellerId;
    await claim(sellerId, [started.s3Key], 'file');
    await api(t.app, seller.token, '/api/products/abort-multipart-upload', started, 409);
    expect((await rowByKey(started.s3Key)).state).toBe('completed');
  });
});

describe('avatar', () => {
  async function avatarUpload(seller: TestSeller, body = randomBytes(1500)) {
    const started = await api<{
      uploadUrl: string;
      publicUrl: string;
      s3Key: string;
      contentType: string;
    }>(t.app, seller.token, '/api/auth/avatar-upload-url', {
      fileName: 'me.jpg',
      fileType: 'image/jpeg',
      fileSize: body.length,
    });
    const put = await putBytes(t.app, started.uploadUrl, body, started.contentType);
    expect(put.statusCode).toBe(200);
    return started;
  }

  it('sets the avatar from the seller own upload and serves it publicly', async () => {
    const seller = await signUpSeller(t.app);
    const upload = await avatarUpload(seller);
    expect(upload.publicUrl).toBe(`/storage/public/${upload.s3Key}`);
    const profile = await api<{ avatarUrl: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar',
      { avatarUrl: upload.publicUrl },
      200,
      'PUT',
    );
    expect(profile.avatarUrl).toBe(upload.publicUrl);
    const read = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(read.json()).toMatchObject({ avatarUrl: upload.publicUrl });
    expect(await rowByKey(upload.s3Key)).toMatchObject({ state: 'completed', kind: 'avatar' });
    // A retried save is fine.
    await api(t.app, seller.token, '/api/auth/avatar', { avatarUrl: upload.publicUrl }, 200, 'PUT');

    // A new avatar replaces it; the old image is left for the sweeper.
    const next = await avatarUpload(seller);
    await api(t.app, seller.token, '/api/auth/avatar', { avatarUrl: next.publicUrl }, 200, 'PUT');
    const old = await rowByKey(upload.s3Key);
    expect(old.attachedAt).toBeNull();
    expect(old.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses another seller's avatar, a thumbnail, an unfinished upload and foreign URLs", async () => {
    const seller = await signUpSeller(t.app);
    const other = await signUpSeller(t.app);
    const theirs = await avatarUpload(other);
    const thumbnail = await completedUpload(seller, true);
    const unfinished = await api<{ publicUrl: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar-upload-url',
      { fileName: 'me.png', fileType: 'image/png', fileSize: 100 },
    );
    for (const avatarUrl of [
      theirs.publicUrl,
      publicUrlOf(thumbnail),
      'https://evil.example/me.png',
      '/storage/public/sellers/x/y.png',
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/avatar',
        headers: bearer(seller.token),
        payload: { avatarUrl },
      });
      expect(response.statusCode, avatarUrl).toBe(400);
      expect(response.json()).toMatchObject({ code: 'upload_not_found' });
    }
    const early = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/avatar',
      headers: bearer(seller.token),
      payload: { avatarUrl: unfinished.publicUrl },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'upload_incomplete' });
    const profile = await t.app.inject({ url: '/api/auth/profile', headers: bearer(seller.token) });
    expect(profile.json()).toMatchObject({ avatarUrl: null });
  });

  it.each([
    ['an SVG', 'me.svg', 'image/svg+xml', 100, 'file_type_not_allowed'],
    ['an SVG named .png', 'me.png', 'image/svg+xml', 100, 'file_type_not_allowed'],
    ['a PDF', 'me.pdf', 'application/pdf', 100, 'file_type_not_allowed'],
    ['an image over 5 MB', 'me.png', 'image/png', 5 * 2 ** 20 + 1, 'file_too_large'],
  ])('refuses %s', async (_name, fileName, fileType, fileSize, code) => {
    const seller = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/avatar-upload-url',
      headers: bearer(seller.token),
      payload: { fileName, fileType, fileSize },
    });
    expect(response.json()).toMatchObject({ code });
  });

  it('accepts an image of exactly 5 MB', async () => {
    const seller = await signUpSeller(t.app);
    await api(t.app, seller.token, '/api/auth/avatar-upload-url', {
      fileName: 'me.webp',
      fileType: 'image/webp',
      fileSize: 5 * 2 ** 20,
    });
  });
});

describe('server settings', () => {
  it('sets no total request time limit, so slow uploads are not cut at 300 s', async () => {
    expect(t.app.server.requestTimeout).toBe(0);
  });

  it('documents the upload endpoints in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products/get-upload-url',
        '/api/products/complete-upload',
        '/api/products/start-multipart-upload',
        '/api/products/get-part-upload-url',
        '/api/products/complete-multipart-upload',
        '/api/products/abort-multipart-upload',
        '/api/products/list-uploaded-parts',
        '/api/auth/avatar-upload-url',
        '/api/auth/avatar',
      ]),
    );
    expect(paths.some((p) => p.startsWith('/storage'))).toBe(false);
  });

  it('uses the local driver under DATA_DIR/storage by default', async () => {
    expect(storageRoot).toBe(path.join(t.config.dataDir, 'storage'));
    const upload = await completedUpload(await signUpSeller(t.app));
    expect(await readFile(path.join(t.config.dataDir, 'storage', upload.s3Key))).toEqual(
      upload.body,
    );
  });
});
