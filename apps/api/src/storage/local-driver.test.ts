import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { api, partBytes, type StartedMultipart } from '../test/upload-calls.ts';
import { attachmentDisposition } from './content-disposition.ts';
import { LocalStorage } from './local-driver.ts';
import { parseRange } from './local-routes.ts';
import { signGrant, verifyGrant } from './local-signing.ts';

let t: TestApp;
let origin: string;
let root: string;
let secret: string;
let seller: TestSeller;

beforeAll(async () => {
  t = await createTestApp();
  if (t.config.storage.driver !== 'local') throw new Error('local driver expected');
  root = t.config.storage.root;
  secret = t.config.storage.signingSecret;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as net.AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
  seller = await signUpSeller(t.app);
});
afterAll(async () => {
  await t.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A real HTTP request (not inject): what a browser or a broken client does on the wire. */
function request(
  method: string,
  url: string,
  options: { headers?: Record<string, string | number>; body?: Buffer } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${url}`, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Sends headers announcing `declared` bytes, then only `sent` bytes, then drops the
 * connection: a client that died (or a process killed) mid-body. The bytes handed to the
 * kernel still reach the server before the connection's end does.
 */
function sendTruncated(url: string, contentType: string, declared: number, sent: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(new URL(origin).port), '127.0.0.1', () => {
      socket.write(
        `PUT ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(randomBytes(sent), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}

async function singleUpload(fileName: string, fileType: string, size: number, isImage = false) {
  return api<{ uploadUrl: string; s3Key: string; publicUrl: string; contentType: string }>(
    t.app,
    seller.token,
    '/api/products/get-upload-url',
    { fileName, fileType, fileSize: size, isImage },
  );
}

async function multipart(size: number): Promise<StartedMultipart> {
  return api<StartedMultipart>(t.app, seller.token, '/api/products/start-multipart-upload', {
    fileName: 'video.mp4',
    fileType: 'video/mp4',
    fileSize: size,
  });
}

async function partUrl(started: StartedMultipart, partNumber: number): Promise<string> {
  const { uploadUrl } = await api<{ uploadUrl: string }>(
    t.app,
    seller.token,
    '/api/products/get-part-upload-url',
    { ...started, partNumber },
  );
  return uploadUrl;
}

async function listParts(started: StartedMultipart) {
  const { parts } = await api<{ parts: { PartNumber: number; Size: number }[] }>(
    t.app,
    seller.token,
    '/api/products/list-uploaded-parts',
    started,
  );
  return parts;
}

async function incomingFiles(): Promise<string[]> {
  return readdir(path.join(root, '.incoming'));
}

/** Resolves once `check` answers true, asking again every 25 ms. */
async function waitFor(check: () => Promise<boolean>, timeout = 5000) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not reached');
    },
    { timeout, interval: 25 },
  );
}

describe('signed upload URLs', () => {
  it('streams a body larger than the JSON body limit and answers an ETag the browser can read', async () => {
    const body = randomBytes(6 * 1024 * 1024 + 7);
    const started = await singleUpload('big.zip', 'application/x-zip-compressed', body.length);
    // Signed for the type the browser declared, which it sends again with the bytes.
    expect(started.contentType).toBe('application/x-zip-compressed');
    const response = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/x-zip-compressed', 'content-length': body.length },
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await readFile(path.join(root, started.s3Key))).equals(body)).toBe(true);
  });

  it('refuses a tampered signature, a changed grant and an expired URL', async () => {
    const started = await singleUpload('a.pdf', 'application/pdf', 10);
    const token = started.uploadUrl.split('/').pop() ?? '';
    const [payload, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}A`;
    const grant = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const bigger = Buffer.from(JSON.stringify({ ...grant, length: 11 })).toString('base64url');
    const expired = signGrant(secret, { ...grant, exp: Math.floor(Date.now() / 1000) - 1 });
    const foreign = signGrant('another-secret-another-secret-another-secret', grant);
    const cases: [string, number, string][] = [
      [`${payload}.${flipped}`, 403, 'forbidden'],
      [`${bigger}.${signature}`, 403, 'forbidden'],
      [`${payload}`, 403, 'forbidden'],
      [foreign, 403, 'forbidden'],
      [expired, 403, 'upload_url_expired'],
    ];
    for (const [candidate, status, code] of cases) {
      const response = await request('PUT', `/storage/upload/${candidate}`, {
        headers: { 'content-type': 'application/pdf', 'content-length': 10 },
        body: randomBytes(10),
      });
      expect(response.status, candidate).toBe(status);
      expect(JSON.parse(response.body.toString())).toMatchObject({ code });
    }
    await expect(readFile(path.join(root, started.s3Key))).rejects.toThrow();
    expect(verifyGrant(secret, token).ok).toBe(true);
  });

  it('refuses a body longer or shorter than declared, and a missing Content-Length', async () => {
    const started = await singleUpload('a.pdf', 'application/pdf', 100);
    const longer = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/pdf', 'content-length': 101 },
      body: randomBytes(101),
    });
    expect(longer.status).toBe(400);
    expect(JSON.parse(longer.body.toString())).toMatchObject({ code: 'upload_size_mismatch' });
    const shorterHeader = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/pdf', 'content-length': 99 },
      body: randomBytes(99),
    });
    expect(shorterHeader.status).toBe(400);
    const chunked = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
      body: randomBytes(100),
    });
    expect(chunked.status).toBe(411);
    expect(JSON.parse(chunked.body.toString())).toMatchObject({ code: 'length_required' });

    // Announces 100 bytes, sends 60 and hangs up: nothing is kept, no temp file stays.
    await sendTruncated(started.uploadUrl, 'application/pdf', 100, 60);
    await waitFor(async () => !(await incomingFiles()).some((name) => name.startsWith('put-')));
    await expect(readFile(path.join(root, started.s3Key))).rejects.toThrow();
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/products/complete-upload',
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { s3Key: started.s3Key },
    });
    expect(complete.statusCode).toBe(400);
  });

  it('refuses a Content-Type other than the signed one', async () => {
    const started = await singleUpload('a.pdf', 'application/pdf', 10);
    for (const type of ['text/html', 'image/svg+xml', 'application/x-pdf', '']) {
      const response = await request('PUT', started.uploadUrl, {
        headers: { ...(type ? { 'content-type': type } : {}), 'content-length': 10 },
        body: randomBytes(10),
      });
      expect(response.status, type).toBe(400);
      expect(JSON.parse(response.body.toString())).toMatchObject({ code: 'file_type_not_allowed' });
    }
    const ok = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/pdf; charset=binary', 'content-length': 10 },
      body: randomBytes(10),
    });
    expect(ok.status).toBe(200);
  });

  it('a URL for a file declared without a type accepts any type, or none', async () => {
    for (const type of ['application/pdf', 'application/octet-stream', '']) {
      const started = await singleUpload('a.pdf', '', 10);
      expect(started.contentType).toBe('application/pdf');
      const response = await request('PUT', started.uploadUrl, {
        headers: { ...(type ? { 'content-type': type } : {}), 'content-length': 10 },
        body: randomBytes(10),
      });
      expect(response.status, type).toBe(200);
    }
  });

  it('a part URL only writes its own upload: it cannot be pointed at another one', async () => {
    const first = await multipart(partBytes + 100);
    const second = await multipart(partBytes + 100);
    const url = await partUrl(first, 2);
    const [payload = '', signature] = (url.split('/').pop() ?? '').split('.');
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const redirected = Buffer.from(
      JSON.stringify({ ...grant, uploadId: second.uploadId }),
    ).toString('base64url');
    const forged = await request('PUT', `/storage/upload/${redirected}.${signature}`, {
      headers: { 'content-length': 100 },
      body: randomBytes(100),
    });
    expect(forged.status).toBe(403);
    const genuine = await request('PUT', url, {
      headers: { 'content-type': 'application/octet-stream', 'content-length': 100 },
      body: randomBytes(100),
    });
    expect(genuine.status).toBe(200);
    expect(await listParts(first)).toEqual([
      { PartNumber: 2, ETag: genuine.headers.etag, Size: 100 },
    ]);
    expect(await listParts(second)).toEqual([]);
    // A part is never longer than the declared file.
    const tooLong = await request('PUT', await partUrl(first, 1), {
      headers: { 'content-length': partBytes + 101 },
      body: randomBytes(partBytes + 101),
    });
    expect(tooLong.status).toBe(400);
    // A part URL asked for with a length accepts exactly that length.
    const { uploadUrl: exact } = await api<{ uploadUrl: string }>(
      t.app,
      seller.token,
      '/api/products/get-part-upload-url',
      { ...first, partNumber: 1, contentLength: partBytes },
    );
    const wrongLength = await request('PUT', exact, {
      headers: { 'content-length': 100 },
      body: randomBytes(100),
    });
    expect(wrongLength.status).toBe(400);
  });

  it('a part cut off mid-body is not listed, and the object never appears', async () => {
    const data = randomBytes(partBytes + 50);
    const started = await multipart(data.length);
    const url1 = await partUrl(started, 1);
    await sendTruncated(url1, 'application/octet-stream', partBytes, 2 * 1024 * 1024);
    const url2 = await partUrl(started, 2);
    const second = await request('PUT', url2, {
      headers: { 'content-length': 50 },
      body: data.subarray(partBytes),
    });
    expect(second.status).toBe(200);
    // Completion is refused as busy while the server still receives the cut-off part; once it
    // is done with it, completion is refused because part 1 is missing.
    await waitFor(async () => {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/products/complete-multipart-upload',
        headers: { authorization: `Bearer ${seller.token}` },
        payload: {
          ...started,
          parts: [
            { PartNumber: 1, ETag: '"cut-off"' },
            { PartNumber: 2, ETag: second.headers.etag },
          ],
        },
      });
      expect(refused.statusCode).not.toBe(200);
      return refused.json<{ error: string }>().error === 'Part 1 is missing';
    });
    expect((await listParts(started)).map((p) => p.PartNumber)).toEqual([2]);
    await expect(readFile(path.join(root, started.s3Key))).rejects.toThrow();

    // Resuming sends the missing part again, and completion assembles the right bytes.
    const first = await request('PUT', url1, {
      headers: { 'content-length': partBytes },
      body: data.subarray(0, partBytes),
    });
    expect(first.status).toBe(200);
    await api(t.app, seller.token, '/api/products/complete-multipart-upload', {
      ...started,
      parts: [
        { PartNumber: 1, ETag: first.headers.etag },
        { PartNumber: 2, ETag: second.headers.etag },
      ],
    });
    expect((await readFile(path.join(root, started.s3Key))).equals(data)).toBe(true);
  });

  it('a process killed mid-part leaves no visible object and no listed part', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'seller-kill-'));
    try {
      const storage = new LocalStorage({ root: workDir, signingSecret: secret, publicBaseUrl: '' });
      const key = 'sellers/00000000-0000-0000-0000-000000000000/kill.mp4';
      const uploadId = await storage.createMultipartUpload(key, { contentType: 'video/mp4' });
      const script = path.join(workDir, 'receive-part.mts');
      const driverUrl = new URL('./local-driver.ts', import.meta.url).href;
      await writeFile(
        script,
        `import { LocalStorage } from ${JSON.stringify(driverUrl)};
const storage = new LocalStorage({ root: ${JSON.stringify(workDir)}, signingSecret: 'x', publicBaseUrl: '' });
process.stdout.write('ready\\n');
await storage.receivePart({ op: 'part', key: ${JSON.stringify(key)}, uploadId: ${JSON.stringify(uploadId)}, part: 1, length: ${partBytes}, exp: 0 }, process.stdin, ${partBytes});
process.stdout.write('finished\\n');
`,
      );
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await waitFor(async () => output.includes('ready'), 20_000);
      await new Promise<void>((resolve) =>
        child.stdin.write(randomBytes(3 * 1024 * 1024), () => resolve()),
      );
      // Killed once some of the part's bytes are in the upload's file.
      const data = path.join(workDir, '.incoming', uploadId);
      await waitFor(async () => (await stat(data)).size > 0);
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      expect(output).not.toContain('finished');

      // A new process (the restarted server) sees no part and no object.
      const restarted = new LocalStorage({
        root: workDir,
        signingSecret: secret,
        publicBaseUrl: '',
      });
      expect(await restarted.listParts(key, uploadId)).toEqual([]);
      expect(await restarted.head(key)).toBeUndefined();
      await expect(
        restarted.completeMultipartUpload(key, uploadId, {
          parts: [{ partNumber: 1, etag: 'x' }],
          expectedSize: 100,
        }),
      ).rejects.toThrow('missing');
      expect(await restarted.head(key)).toBeUndefined();
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('part records', () => {
  it('ignores parts written before a reboot without their own fsync (they are sent again)', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'seller-boot-'));
    try {
      const storage = new LocalStorage({ root: workDir, signingSecret: secret, publicBaseUrl: '' });
      const key = 'sellers/00000000-0000-0000-0000-000000000000/boot.mp4';
      const uploadId = await storage.createMultipartUpload(key, { contentType: 'video/mp4' });
      const records = path.join(workDir, '.incoming', `${uploadId}.parts`);
      await writeFile(
        path.join(records, '1'),
        JSON.stringify({ size: 5, etag: '"a"', boot: 'an-earlier-boot' }),
      );
      await writeFile(path.join(records, '2'), JSON.stringify({ size: 5, etag: '"b"' }));
      expect((await storage.listParts(key, uploadId)).map((p) => p.partNumber)).toEqual([2]);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('completion', () => {
  it('two servers sharing the storage root complete one upload at once: both succeed', async () => {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'seller-shared-'));
    try {
      const options = { root: workDir, signingSecret: secret, publicBaseUrl: '' };
      const first = new LocalStorage(options);
      const second = new LocalStorage(options);
      const key = 'sellers/00000000-0000-0000-0000-000000000000/shared.mp4';
      const uploadId = await first.createMultipartUpload(key, { contentType: 'video/mp4' });
      const data = randomBytes(partBytes + 1000);
      const parts = [];
      for (const [index, bytes] of [
        data.subarray(0, partBytes),
        data.subarray(partBytes),
      ].entries()) {
        const part = index + 1;
        const grant = { op: 'part' as const, key, uploadId, part, length: bytes.length, exp: 0 };
        const etag = await first.receivePart(grant, Readable.from([bytes]), bytes.length);
        parts.push({ partNumber: part, etag });
      }
      const completion = { parts, expectedSize: data.length };
      await expect(
        Promise.all([
          first.completeMultipartUpload(key, uploadId, completion),
          second.completeMultipartUpload(key, uploadId, completion),
        ]),
      ).resolves.toEqual([undefined, undefined]);
      expect((await readFile(path.join(workDir, ...key.split('/')))).equals(data)).toBe(true);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('downloads', () => {
  let key: string;
  const content = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    const started = await singleUpload('notes.pdf', 'application/pdf', content.length);
    const put = await request('PUT', started.uploadUrl, {
      headers: { 'content-type': 'application/pdf', 'content-length': content.length },
      body: content,
    });
    expect(put.status).toBe(200);
    key = started.s3Key;
  });

  const downloadUrl = (
    fileName = 'notes.pdf',
    expiresInSeconds = 60,
    { objectKey = key, contentType = 'application/pdf' } = {},
  ) =>
    new LocalStorage({ root, signingSecret: secret, publicBaseUrl: '' }).presignGet(objectKey, {
      fileName,
      contentType,
      expiresInSeconds,
    });

  it('streams the file as an attachment with nosniff and byte ranges', async () => {
    const url = await downloadUrl();
    const whole = await request('GET', url);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(content)).toBe(true);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-disposition']).toBe('attachment; filename=notes.pdf');
    expect(whole.headers['cache-control']).toBe('private, no-store');

    const middle = await request('GET', url, { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100-199/1000');
    expect(middle.body.equals(content.subarray(100, 200))).toBe(true);
    const tail = await request('GET', url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(content.subarray(990))).toBe(true);
    const open = await request('GET', url, { headers: { range: 'bytes=995-' } });
    expect(open.body.equals(content.subarray(995))).toBe(true);
    const beyond = await request('GET', url, { headers: { range: 'bytes=1000-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
  });

  it('sends a file of several buffers whole and from an unaligned byte, every byte in place', async () => {
    const storage = new LocalStorage({ root, signingSecret: secret, publicBaseUrl: '' });
    const large = randomBytes(2 * 1024 * 1024 + 512 * 1024 + 3);
    const largeKey = `${key.slice(0, key.lastIndexOf('/'))}/large.zip`;
    await storage.put(largeKey, large, { contentType: 'application/zip' });
    const url = await downloadUrl('large.zip', 60, {
      objectKey: largeKey,
      contentType: 'application/zip',
    });
    const whole = await request('GET', url);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(large.length));
    expect(whole.headers['content-type']).toBe('application/zip');
    expect(whole.body.equals(large)).toBe(true);
    const resumed = await request('GET', url, { headers: { range: 'bytes=1048579-' } });
    expect(resumed.status).toBe(206);
    expect(resumed.headers['content-range']).toBe(
      `bytes 1048579-${large.length - 1}/${large.length}`,
    );
    expect(resumed.body.equals(large.subarray(1048579))).toBe(true);
  });

  it('answers 404 for a file removed between finding it and opening it', async () => {
    const { default: Fastify } = await import('fastify');
    const { localStorageRoutes } = await import('./local-routes.ts');
    const { errorHandlerPlugin } = await import('../plugins/error-handler.ts');
    class VanishingStorage extends LocalStorage {
      override async openObject(objectKey: string) {
        const found = await super.openObject(objectKey);
        await rm(this.objectPath(objectKey));
        return found;
      }
    }
    const storage = new VanishingStorage({ root, signingSecret: secret, publicBaseUrl: '' });
    const vanishingKey = `${key.slice(0, key.lastIndexOf('/'))}/vanishing.pdf`;
    await storage.put(vanishingKey, content, { contentType: 'application/pdf' });
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    await app.register(localStorageRoutes, { storage });
    try {
      const url = await storage.presignGet(vanishingKey, {
        fileName: 'vanishing.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 60,
      });
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await app.close();
    }
  });

  it('answers a header Node refuses with an error, not a connection left hanging', async () => {
    const url = await downloadUrl('notes.pdf', 60, { contentType: 'application/pdf\u0001' });
    const refused = await request('GET', url);
    expect(refused.status).toBe(500);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ code: 'internal_error' });
    const fine = await request('GET', await downloadUrl());
    expect(fine.status).toBe(200);
    expect(fine.body.equals(content)).toBe(true);
  });

  it('keeps Korean and Chinese file names through filename*', async () => {
    for (const name of ['강의 자료.pdf', '课程资料（第一部分）.pdf', 'quote"and\\slash.pdf']) {
      const response = await request('GET', await downloadUrl(name));
      const header = String(response.headers['content-disposition']);
      const parsed = parseContentDisposition(header);
      expect(parsed.type).toBe('attachment');
      // filename* when the name needs it, else the quoted filename: the exact name either way.
      expect(parsed.parameters.filename).toBe(name);
      expect(header).toMatch(/^[\x20-\x7e]+$/);
    }
    expect(attachmentDisposition('a\r\nSet-Cookie: x.pdf')).not.toMatch(/[\r\n]/);
  });

  it('answers with ETag and Last-Modified, and honours them on the next request', async () => {
    const url = await downloadUrl();
    const first = await request('GET', url);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const stored = await stat(path.join(root, key));
    expect(new Date(lastModified).getTime()).toBe(Math.floor(stored.mtimeMs / 1000) * 1000);

    const again = await request('GET', url);
    expect(again.headers.etag).toBe(etag);
    const unchanged = await request('GET', url, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);

    // A resumed download of the same file gets its part; of another file, the whole file.
    const resumed = await request('GET', url, {
      headers: { range: 'bytes=10-19', 'if-range': etag },
    });
    expect(resumed.status).toBe(206);
    const stale = await request('GET', url, {
      headers: { range: 'bytes=10-19', 'if-range': '"0-0"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(content)).toBe(true);

    const head = await request('HEAD', url);
    expect(head.headers.etag).toBe(etag);
    expect(head.headers['last-modified']).toBe(lastModified);
  });

  it('reads the Range unit in any case', async () => {
    const url = await downloadUrl();
    for (const range of ['BYTES=0-9', 'Bytes=0-9', 'bytes=0-9']) {
      const response = await request('GET', url, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers['content-range']).toBe('bytes 0-9/1000');
      expect(response.body.equals(content.subarray(0, 10))).toBe(true);
    }
  });

  it('refuses expired or tampered download links and upload tokens used to download', async () => {
    const expired = signGrant(secret, {
      op: 'get',
      key,
      name: 'notes.pdf',
      type: 'application/pdf',
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    expect((await request('GET', `/storage/download/${expired}`)).status).toBe(403);
    const otherFile = signGrant('not-the-secret-not-the-secret-not-the-secret', {
      op: 'get',
      key,
      name: 'x.pdf',
      type: 'application/pdf',
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await request('GET', `/storage/download/${otherFile}`)).status).toBe(403);
    const upload = await singleUpload('a.pdf', 'application/pdf', 10);
    const asDownload = upload.uploadUrl.replace('/storage/upload/', '/storage/download/');
    expect((await request('GET', asDownload)).status).toBe(403);
  });
});

describe('public URLs', () => {
  it('are the base followed by the key, and read back to the key', () => {
    const storage = new LocalStorage({
      root,
      signingSecret: secret,
      publicBaseUrl: 'https://seller.example.com/',
    });
    expect(storage.publicUrlBase).toBe('https://seller.example.com/storage/public/');
    const key = 'sellers/5f0c/1b2e-3d.png';
    expect(storage.publicUrl(key)).toBe(`${storage.publicUrlBase}${key}`);
    expect(storage.keyFromPublicUrl(storage.publicUrl(key))).toBe(key);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, undefined],
    ['bytes=0-0', 100, { start: 0, end: 0 }],
    ['bytes=0-', 100, { start: 0, end: 99 }],
    ['bytes=50-500', 100, { start: 50, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=0-10,20-30', 100, undefined],
    ['bytes=9-3', 100, undefined],
    ['items=0-10', 100, undefined],
  ])('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('logs', () => {
  it('never contain URL signatures', async () => {
    const lines: string[] = [];
    const { default: Fastify } = await import('fastify');
    const { loggerOptions } = await import('../lib/logger.ts');
    const { localStorageRoutes } = await import('./local-routes.ts');
    const { errorHandlerPlugin } = await import('../plugins/error-handler.ts');
    const app = Fastify({
      logger: {
        ...loggerOptions('info'),
        stream: { write: (line: string) => lines.push(line) },
      },
    });
    const storage = new LocalStorage({ root, signingSecret: secret, publicBaseUrl: '' });
    await app.register(errorHandlerPlugin);
    await app.register(localStorageRoutes, { storage });
    const putUrl = await storage.presignPut('sellers/x/log-test.pdf', {
      contentType: 'application/pdf',
      contentLength: 5,
      expiresInSeconds: 60,
    });
    const getUrl = await storage.presignGet('sellers/x/log-test.pdf', {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      expiresInSeconds: 60,
    });
    await app.inject({
      method: 'PUT',
      url: putUrl,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('hello'),
    });
    await app.inject({ method: 'PUT', url: `${putUrl}x`, payload: Buffer.from('hello') });
    await app.inject({ url: getUrl });
    await app.inject({ url: `${getUrl}?X-Amz-Signature=abc123` });
    await app.close();
    const log = lines.join('\n');
    expect(log).toContain('/storage/upload/[signed]');
    for (const url of [putUrl, getUrl]) {
      const signature = url.split('.').pop() ?? '';
      expect(log).not.toContain(signature);
      expect(log).not.toContain(url.split('/').pop()?.split('.')[0] ?? '');
    }
    expect(log).not.toContain('abc123');
  });
});
