import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { type AddressInfo, connect as netConnect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UploadRow, uploads } from '../../db/schema.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { api } from '../../test/upload-calls.ts';

/**
 * The upload flows exactly as a client written from the API's call list makes them: one PUT
 * with the file's own type and then the product (or avatar) call, without any extra step;
 * multipart uploads with the part size the client chooses.
 */

let t: TestApp;
let seller: TestSeller;
let storageRoot: string;
const MiB = 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.storage.driver !== 'local') throw new Error('tests expect the local driver');
  storageRoot = t.config.storage.root;
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

interface Started {
  uploadUrl: string;
  s3Key: string;
  bucket: string;
  publicUrl: string | null;
  contentType: string;
}

async function rowByKey(key: string): Promise<UploadRow> {
  const [row] = await t.database.db.select().from(uploads).where(eq(uploads.storageKey, key));
  if (!row) throw new Error(`no upload row for ${key}`);
  return row;
}

/** get-upload-url, then one PUT with `sendType` as Content-Type (none when ''). No completion. */
async function putFile(
  fileName: string,
  declaredType: string,
  bytes: Buffer,
  isImage: boolean,
  sendType: string = declaredType,
): Promise<Started> {
  const started = await api<Started>(t.app, seller.token, '/api/products/get-upload-url', {
    fileName,
    fileType: declaredType,
    fileSize: bytes.length,
    isImage,
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: started.uploadUrl,
    headers: sendType === '' ? {} : { 'content-type': sendType },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return started;
}

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(300)]);

interface Detail {
  product: { id: string; thumbnail_url: string | null };
  files: { id: string; file_type: string; file_size: number; file_original_name: string }[];
  thumbnails: { s3_url: string }[];
}

async function createProduct(files: string[], thumbnails: string[]): Promise<Detail> {
  return api<Detail>(
    t.app,
    seller.token,
    '/api/products/create',
    {
      title: 'Spec flow',
      description: '',
      price: 12,
      files: files.map((s3Key) => ({ s3Key })),
      thumbnails: thumbnails.map((s3Key) => ({ s3Key })),
    },
    201,
  );
}

async function download(productId: string, fileId: string) {
  const answer = await t.app.inject({
    url: `/api/products/${productId}/download/${fileId}`,
    headers: bearer(seller.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return t.app.inject({ url: answer.json<{ downloadUrl: string }>().downloadUrl });
}

describe('single PUT, then create or update, with no completion call', () => {
  it('create claims the uploads itself: completed and attached in one go', async () => {
    const fileBytes = randomBytes(4000);
    const file = await putFile('guide.pdf', 'application/pdf', fileBytes, false);
    const thumbnail = await putFile('cover.png', 'image/png', png(), true);
    expect((await rowByKey(file.s3Key)).state).toBe('pending');

    const detail = await createProduct([file.s3Key], [thumbnail.s3Key]);
    expect(detail.files).toEqual([
      expect.objectContaining({ file_size: 4000, file_type: 'application/pdf' }),
    ]);
    for (const key of [file.s3Key, thumbnail.s3Key]) {
      const row = await rowByKey(key);
      expect(row.state).toBe('completed');
      expect(row.attachedAt).toBeInstanceOf(Date);
      expect(row.size).toBeGreaterThan(0);
    }
    const fetched = await download(detail.product.id, detail.files[0]?.id ?? '');
    expect(fetched.rawPayload.equals(fileBytes)).toBe(true);
  });

  it('update claims new files and thumbnails the same way', async () => {
    const first = await createProduct(
      [(await putFile('a.pdf', 'application/pdf', randomBytes(100), false)).s3Key],
      [(await putFile('a.png', 'image/png', png(), true)).s3Key],
    );
    const newFile = await putFile('b.zip', 'application/zip', randomBytes(200), false);
    const newThumbnail = await putFile('b.webp', 'image/webp', randomBytes(150), true);
    const updated = await api<Detail>(
      t.app,
      seller.token,
      `/api/products/${first.product.id}`,
      {
        title: 'Spec flow, edited',
        newFiles: [{ s3Key: newFile.s3Key }],
        newThumbnails: [{ s3Key: newThumbnail.s3Key }],
      },
      200,
      'PUT',
    );
    expect(updated.files).toHaveLength(2);
    expect(updated.thumbnails).toHaveLength(2);
    expect((await rowByKey(newFile.s3Key)).state).toBe('completed');
  });

  it('a multipart file goes with single-PUT thumbnails', async () => {
    const data = randomBytes(5 * MiB + 77);
    const started = await api<{ s3Key: string; uploadId: string }>(
      t.app,
      seller.token,
      '/api/products/start-multipart-upload',
      { fileName: 'lesson.mp4', fileType: 'video/mp4' },
    );
    const parts = await sendParts(started, data, 5 * MiB, [1, 2]);
    await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      ...started,
      parts,
    });
    const thumbnails = [
      (await putFile('one.jpg', 'image/jpeg', randomBytes(100), true)).s3Key,
      (await putFile('two.gif', 'image/gif', randomBytes(100), true)).s3Key,
    ];
    const detail = await createProduct([started.s3Key], thumbnails);
    expect(detail.files[0]).toMatchObject({ file_size: data.length, file_type: 'video/mp4' });
    expect(detail.thumbnails).toHaveLength(2);
  });

  it('a file whose bytes never arrived is refused with nothing written; sent later, it works', async () => {
    const bytes = randomBytes(500);
    const started = await api<Started>(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: 'late.pdf',
      fileType: 'application/pdf',
      fileSize: bytes.length,
      isImage: false,
    });
    const thumbnail = await putFile('late.png', 'image/png', png(), true);
    const payload = {
      title: 'Late',
      price: 3,
      files: [{ s3Key: started.s3Key }],
      thumbnails: [{ s3Key: thumbnail.s3Key }],
    };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/products/create',
      headers: bearer(seller.token),
      payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'upload_incomplete' });
    // Nothing was attached: the thumbnail is still free.
    expect((await rowByKey(thumbnail.s3Key)).attachedAt).toBeNull();
    expect((await rowByKey(thumbnail.s3Key)).state).toBe('pending');

    const put = await t.app.inject({
      method: 'PUT',
      url: started.uploadUrl,
      headers: { 'content-type': 'application/pdf' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    await api(t.app, seller.token, '/api/products/create', payload, 201);
  });

  it('complete-upload stays an optional early check', async () => {
    const file = await putFile('early.pdf', 'application/pdf', randomBytes(10), false);
    const done = await api(t.app, seller.token, '/api/products/complete-upload', {
      s3Key: file.s3Key,
    });
    expect(done).toEqual({ s3Key: file.s3Key, bucket: 'local', publicUrl: null });
    await createProduct([file.s3Key], [(await putFile('e.png', 'image/png', png(), true)).s3Key]);
  });
});

describe('PUT with the type the browser reports', () => {
  it.each([
    ['course.zip', 'application/x-zip-compressed', false, 'application/zip'],
    ['course.zip', 'application/zip', false, 'application/zip'],
    ['film.avi', 'video/avi', false, 'video/x-msvideo'],
    ['film.avi', 'video/x-msvideo', false, 'video/x-msvideo'],
    ['clip.mov', 'video/quicktime', false, 'video/quicktime'],
    ['clip.mov', '', false, 'video/quicktime'],
    ['notes.pdf', 'application/octet-stream', false, 'application/pdf'],
  ])(
    '%s sent as "%s" is stored and served as its canonical type',
    async (name, type, isImage, canonical) => {
      const bytes = randomBytes(321);
      const file = await putFile(name, type, bytes, isImage);
      expect(file.publicUrl).toBeNull();
      const thumbnail = await putFile('photo.jpg', 'image/jpg', png(), true);
      const detail = await createProduct([file.s3Key], [thumbnail.s3Key]);
      expect(detail.files[0]?.file_type).toBe(canonical);
      expect((await rowByKey(file.s3Key)).contentType).toBe(canonical);
      const fetched = await download(detail.product.id, detail.files[0]?.id ?? '');
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toBe(canonical);
      expect(fetched.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('an image sent as image/jpg is a working public thumbnail served as image/jpeg', async () => {
    const bytes = png();
    const thumbnail = await putFile('photo.jpg', 'image/jpg', bytes, true);
    expect(thumbnail.publicUrl).toBe(`/storage/public/${thumbnail.s3Key}`);
    const detail = await createProduct(
      [(await putFile('x.pdf', 'application/pdf', randomBytes(10), false)).s3Key],
      [thumbnail.s3Key],
    );
    expect(detail.product.thumbnail_url).toBe(thumbnail.publicUrl);
    const image = await t.app.inject({ url: thumbnail.publicUrl ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(bytes)).toBe(true);
  });

  it('the URL is signed for the declared type: another type is refused', async () => {
    const started = await api<Started>(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: 'course.zip',
      fileType: 'application/x-zip-compressed',
      fileSize: 10,
      isImage: false,
    });
    expect(started.contentType).toBe('application/x-zip-compressed');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: started.uploadUrl,
      headers: { 'content-type': 'text/html' },
      payload: randomBytes(10),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'file_type_not_allowed' });
  });

  it('the avatar takes the same flow: PUT with its own type, then PUT /api/auth/avatar', async () => {
    const bytes = png();
    const started = await api<{ uploadUrl: string; publicUrl: string; contentType: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar-upload-url',
      { fileName: 'me.jpg', fileType: 'image/jpg', fileSize: bytes.length },
    );
    expect(started.contentType).toBe('image/jpg');
    const put = await t.app.inject({
      method: 'PUT',
      url: started.uploadUrl,
      headers: { 'content-type': 'image/jpg' },
      payload: bytes,
    });
    expect(put.statusCode).toBe(200);
    const profile = await api<{ avatarUrl: string }>(
      t.app,
      seller.token,
      '/api/auth/avatar',
      { avatarUrl: started.publicUrl },
      200,
      'PUT',
    );
    expect(profile.avatarUrl).toBe(started.publicUrl);
  });
});

/** Sends the given parts of `data` cut into `partSize` pieces; returns the completion list. */
async function sendParts(
  started: { s3Key: string; uploadId: string },
  data: Buffer,
  partSize: number,
  order: number[],
) {
  const parts: { ETag: string; PartNumber: number }[] = [];
  for (const partNumber of order) {
    const { uploadUrl } = await api<{ uploadUrl: string }>(
      t.app,
      seller.token,
      '/api/products/get-part-upload-url',
      { ...started, partNumber },
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      payload: data.subarray((partNumber - 1) * partSize, partNumber * partSize),
    });
    expect(response.statusCode, response.body).toBe(200);
    parts.push({ ETag: String(response.headers.etag), PartNumber: partNumber });
  }
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

describe('multipart uploads with the part size the client chooses', () => {
  async function start(fileSize?: number) {
    return api<{ s3Key: string; uploadId: string; partSize: number }>(
      t.app,
      seller.token,
      '/api/products/start-multipart-upload',
      { fileName: 'masterclass.mp4', fileType: 'video/mp4', ...(fileSize ? { fileSize } : {}) },
    );
  }

  it.each([
    [8 * MiB, 2 * 8 * MiB + 12_345, true],
    [10 * MiB, 2 * 10 * MiB + 1, false],
    [5 * MiB, 3 * 5 * MiB, true],
  ])(
    'parts of %i bytes (file of %i bytes, size declared: %s)',
    async (partSize, total, declare) => {
      const data = randomBytes(total);
      const started = await start(declare ? total : undefined);
      expect(started.partSize).toBe(5 * MiB);
      const count = Math.ceil(total / partSize);
      const parts = await sendParts(
        started,
        data,
        partSize,
        Array.from({ length: count }, (_, i) => i + 1),
      );
      await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
        ...started,
        parts,
      });
      expect((await rowByKey(started.s3Key)).size).toBe(total);
      const detail = await createProduct(
        [started.s3Key],
        [(await putFile('m.png', 'image/png', png(), true)).s3Key],
      );
      expect(detail.files[0]?.file_size).toBe(total);
      const fetched = await download(detail.product.id, detail.files[0]?.id ?? '');
      expect(fetched.rawPayload.equals(data)).toBe(true);
    },
  );

  it('parts may arrive in any order, part 1 last', async () => {
    const partSize = 6 * MiB;
    const data = randomBytes(3 * partSize + 999);
    const started = await start();
    const parts = await sendParts(started, data, partSize, [4, 3, 2, 1]);
    const done = await api<{ publicUrl: string | null }>(
      t.app,
      seller.token,
      '/api/products/complete-multipart-upload',
      { ...started, parts },
    );
    expect(done.publicUrl).toBeNull();
    const stored = await t.app.inject({ url: `/storage/public/${started.s3Key}` });
    expect(stored.statusCode).toBe(404);
    const detail = await createProduct(
      [started.s3Key],
      [(await putFile('o.png', 'image/png', png(), true)).s3Key],
    );
    const fetched = await download(detail.product.id, detail.files[0]?.id ?? '');
    expect(fetched.rawPayload.equals(data)).toBe(true);
  });

  it('refuses a non-final part under 5 MiB at completion with a clear 400', async () => {
    const data = randomBytes(3 * MiB);
    const started = await start();
    const parts = await sendParts(started, data, MiB, [1, 2, 3]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: { ...started, parts },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_part_too_small' });
    expect((await rowByKey(started.s3Key)).state).not.toBe('completed');
  });

  it('refuses a part longer than part 1, and a declared size the parts do not make', async () => {
    const started = await start(12 * MiB);
    await sendParts(started, randomBytes(5 * MiB), 5 * MiB, [1]);
    const { uploadUrl } = await api<{ uploadUrl: string }>(
      t.app,
      seller.token,
      '/api/products/get-part-upload-url',
      { ...started, partNumber: 2 },
    );
    const longer = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      payload: randomBytes(6 * MiB),
    });
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toMatchObject({ code: 'upload_size_mismatch' });

    const parts = await sendParts(started, randomBytes(10 * MiB), 5 * MiB, [1, 2]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-multipart-upload',
      headers: bearer(seller.token),
      payload: { ...started, parts },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
  });

  it('without a declared size, no part may reach past the largest allowed file', async () => {
    const started = await start();
    await sendParts(started, randomBytes(5 * MiB), 5 * MiB, [1]);
    // Part 1026 of 5 MiB parts would end past 5 GiB.
    const { uploadUrl } = await api<{ uploadUrl: string }>(
      t.app,
      seller.token,
      '/api/products/get-part-upload-url',
      { ...started, partNumber: 1026 },
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: uploadUrl,
      payload: randomBytes(10),
    });
    expect(response.statusCode).toBe(400);
  });

  it('with a declared size, part numbers stop where 5 MiB parts would', async () => {
    const started = await start(12 * MiB);
    const beyond = await t.app.inject({
      method: 'POST',
      url: '/api/products/get-part-upload-url',
      headers: bearer(seller.token),
      payload: { ...started, partNumber: 4 },
    });
    expect(beyond.statusCode).toBe(400);
  });

  it('list-uploaded-parts of an upload the store no longer has is a 404', async () => {
    const started = await start();
    await sendParts(started, randomBytes(5 * MiB), 5 * MiB, [1]);
    // The store lost it (a lifecycle rule, an operator).
    const incoming = path.join(storageRoot, '.incoming', started.uploadId);
    for (const suffix of ['', '.json', '.parts']) {
      await rm(`${incoming}${suffix}`, { recursive: true, force: true });
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/list-uploaded-parts',
      headers: bearer(seller.token),
      payload: started,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('a PUT refused before its body is read', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Writes exactly `size` bytes in `chunkSize` pieces, waiting for drain, then calls `end`. */
  function writeExactly(
    target: { write(chunk: Buffer): boolean; once(event: 'drain', listener: () => void): unknown },
    size: number,
    chunkSize: number,
    end: () => void,
  ) {
    const chunk = Buffer.alloc(chunkSize, 1);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunkSize, size - sent));
        sent += piece.length;
        if (!target.write(piece)) {
          target.once('drain', write);
          return;
        }
      }
      end();
    };
    write();
  }

  /**
   * Node's own client (keep-alive agent), streaming `size` bytes in 64 KiB writes. Settles
   * once the whole body was sent and the answer read; a reset or EPIPE on the way rejects.
   */
  function streamingPut(url: string, headers: Record<string, string | number>, size: number) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answer: { status: number; body: string } | undefined;
      let sentAll = false;
      const settle = () => {
        if (answer && sentAll) resolve(answer);
      };
      const request = http.request(
        { host: '127.0.0.1', port, path: url, method: 'PUT', headers },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            body += chunk;
          });
          response.on('end', () => {
            answer = { status: response.statusCode ?? 0, body };
            settle();
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.on('finish', () => {
        sentAll = true;
        settle();
      });
      writeExactly(request, size, 64 * 1024, () => request.end());
    });
  }

  /**
   * A client on a bare socket (keep-alive, as browsers) that sends its whole request as fast
   * as it can, then closes its side: it must get the answer, and no reset while it sends.
   */
  function blindPut(url: string, headers: Record<string, string | number>, size: number) {
    return new Promise<string>((resolve, reject) => {
      const socket = netConnect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${head}\r\n`);
      writeExactly(socket, size, 256 * 1024, () => socket.end());
    });
  }

  async function startFile(size: number) {
    return api<Started>(t.app, seller.token, '/api/products/get-upload-url', {
      fileName: 'big.zip',
      fileType: 'application/zip',
      fileSize: size,
      isImage: false,
    });
  }

  it('a small body (a part, a thumbnail) is read first, then answered on a usable connection', async () => {
    const size = 8 * MiB;
    const started = await startFile(size);
    const cases = [
      [
        started.uploadUrl,
        { 'content-type': 'text/html', 'content-length': size },
        'file_type_not_allowed',
        400,
      ],
      [
        started.uploadUrl,
        { 'content-type': 'application/zip', 'content-length': size - 1 },
        'upload_size_mismatch',
        400,
      ],
      [
        `${started.uploadUrl.slice(0, -4)}AAAA`,
        { 'content-type': 'application/zip', 'content-length': size },
        'forbidden',
        403,
      ],
    ] as const;
    for (const [url, headers, code, status] of cases) {
      const answer = await streamingPut(url, headers, Number(headers['content-length']));
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code });
    }
  });

  it('a large body gets its answer without a reset while it is still being sent', async () => {
    const size = 48 * MiB;
    const started = await startFile(size);
    const raw = await blindPut(
      started.uploadUrl,
      { 'content-type': 'text/html', 'content-length': size },
      size,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      code: 'file_type_not_allowed',
    });
  });
});
