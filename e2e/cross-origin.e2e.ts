import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, withPage } from './support/browser';
import { tinyPng } from './support/files';
import { newCredentials } from './support/sellers';

const baseUrl = inject('baseUrl');
/** Listed in the server's CORS_ORIGINS by the global setup. */
const memberSite = inject('crossOrigin');
const browser = browserForFile();

const emptyPage = '<!doctype html><html lang="en"><title>Member site</title><main></main></html>';

/** Another site: an empty page at every path; the test's own script does the rest in it. */
async function serveSite(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(emptyPage);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

function closeSite(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

let listedSite: Server | undefined;
let unlistedSite: Server | undefined;
let unlistedOrigin: string;

beforeAll(async () => {
  listedSite = await serveSite(Number(new URL(memberSite).port));
  unlistedSite = await serveSite(0);
  unlistedOrigin = `http://localhost:${(unlistedSite.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([closeSite(listedSite), closeSite(unlistedSite)]);
});

describe('a page of another site listed in CORS_ORIGINS', () => {
  it('signs up, reads products, uploads in parts and shows a public image', async () => {
    await withPage(browser(), { baseUrl: memberSite }, async ({ page }) => {
      await page.goto('/');
      expect(new URL(page.url()).origin).toBe(memberSite);

      const result = await page.evaluate(
        async ({ api, credentials, png }) => {
          const url = (path: string) => new URL(path, api).href;
          async function call<T>(method: string, path: string, token?: string, body?: unknown) {
            const response = await fetch(url(path), {
              method,
              headers: {
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              body: body === undefined ? null : JSON.stringify(body),
            });
            const text = await response.text();
            if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
            return (text ? JSON.parse(text) : undefined) as T;
          }
          /** XMLHttpRequest, as uploaders do for progress; the ETag must be readable. */
          function putPart(target: string, body: Blob): Promise<string | null> {
            return new Promise((resolve, reject) => {
              const xhr = new XMLHttpRequest();
              xhr.open('PUT', url(target));
              xhr.onload = () =>
                xhr.status === 200
                  ? resolve(xhr.getResponseHeader('ETag'))
                  : reject(new Error(`part PUT: ${xhr.status} ${xhr.responseText}`));
              xhr.onerror = () => reject(new Error('part PUT: network error'));
              xhr.send(body);
            });
          }
          const hex = async (data: BufferSource) =>
            Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data)), (byte) =>
              byte.toString(16).padStart(2, '0'),
            ).join('');

          await call('POST', '/api/auth/signup', undefined, credentials);
          const { token } = await call<{ token: string }>('POST', '/api/auth/login', undefined, {
            email: credentials.email,
            password: credentials.password,
          });
          const before = await call<{ products: unknown[] }>(
            'GET',
            '/api/products/my-products',
            token,
          );

          // Two parts: one of the full part size and a short last one.
          const partSize = 5 * 1024 * 1024;
          const bytes = new Uint8Array(partSize + 37);
          for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 20)) & 0xff;
          const file = new Blob([bytes]);
          const started = await call<{ uploadId: string; s3Key: string }>(
            'POST',
            '/api/products/start-multipart-upload',
            token,
            { fileName: 'course.zip', fileType: 'application/zip', fileSize: bytes.length },
          );
          const parts: { ETag: string; PartNumber: number }[] = [];
          for (let start = 0, partNumber = 1; start < bytes.length; start += partSize) {
            const slice = file.slice(start, start + partSize);
            const { uploadUrl } = await call<{ uploadUrl: string }>(
              'POST',
              '/api/products/get-part-upload-url',
              token,
              {
                s3Key: started.s3Key,
                uploadId: started.uploadId,
                partNumber,
                contentLength: slice.size,
              },
            );
            const etag = await putPart(uploadUrl, slice);
            if (!etag) throw new Error(`the ETag of part ${partNumber} is hidden from this page`);
            parts.push({ ETag: etag, PartNumber: partNumber });
            partNumber += 1;
          }
          await call('POST', '/api/products/complete-multipart-upload', token, {
            s3Key: started.s3Key,
            uploadId: started.uploadId,
            parts,
          });

          const image = new Uint8Array(png);
          const thumbnail = await call<{ uploadUrl: string; s3Key: string; contentType: string }>(
            'POST',
            '/api/products/get-upload-url',
            token,
            { fileName: 'cover.png', fileType: 'image/png', fileSize: image.length, isImage: true },
          );
          const put = await fetch(url(thumbnail.uploadUrl), {
            method: 'PUT',
            headers: { 'content-type': thumbnail.contentType },
            body: image,
          });
          if (!put.ok) throw new Error(`thumbnail PUT: ${put.status}`);
          const { publicUrl } = await call<{ publicUrl: string }>(
            'POST',
            '/api/products/complete-upload',
            token,
            { s3Key: thumbnail.s3Key },
          );
          const shown = document.createElement('img');
          const loaded = new Promise<boolean>((resolve) => {
            shown.onload = () => resolve(true);
            shown.onerror = () => resolve(false);
          });
          shown.src = url(publicUrl);
          document.querySelector('main')?.append(shown);

          // The parts arrived whole and in order: the download has the same bytes.
          const created = await call<{ product: { id: string }; files: { id: string }[] }>(
            'POST',
            '/api/products/create',
            token,
            {
              title: 'Sold on the member site',
              price: 9,
              files: [{ s3Key: started.s3Key }],
              thumbnails: [{ s3Key: thumbnail.s3Key }],
            },
          );
          const { downloadUrl } = await call<{ downloadUrl: string }>(
            'GET',
            `/api/products/${created.product.id}/download/${created.files[0]?.id}`,
            token,
          );
          const download = await fetch(url(downloadUrl));
          const downloaded = await download.arrayBuffer();

          return {
            productsBefore: before.products.length,
            etags: parts.map((part) => part.ETag),
            imageSrc: shown.src,
            imageLoaded: await loaded,
            naturalWidth: shown.naturalWidth,
            sent: await hex(bytes),
            received: await hex(downloaded),
            disposition: download.headers.get('content-disposition'),
          };
        },
        { api: baseUrl, credentials: newCredentials(), png: [...tinyPng(20, 90, 200)] },
      );

      expect(result.productsBefore).toBe(0);
      expect(result.etags).toHaveLength(2);
      for (const etag of result.etags) expect(etag).toMatch(/^".+"$/);
      expect(new URL(result.imageSrc).origin).toBe(baseUrl);
      expect(result.imageLoaded).toBe(true);
      expect(result.naturalWidth).toBeGreaterThan(0);
      expect(result.received).toBe(result.sent);
      expect(result.disposition).toMatch(/^attachment;.*course\.zip/);
    });
  });
});

describe('a site not listed in CORS_ORIGINS', () => {
  it("cannot read the API's answers from its pages", async () => {
    await withPage(
      browser(),
      {
        baseUrl: unlistedOrigin,
        allowConsoleErrors: [/blocked by CORS policy/, /net::ERR_FAILED/],
      },
      async ({ page }) => {
        await page.goto('/');
        const outcome = await page.evaluate(async (api) => {
          try {
            const response = await fetch(new URL('/api/health', api));
            return `read ${response.status}`;
          } catch (error) {
            return `refused: ${(error as Error).name}`;
          }
        }, baseUrl);
        expect(outcome).toBe('refused: TypeError');
      },
    );

    const asked = async (origin: string) =>
      (await fetch(`${baseUrl}/api/health`, { headers: { origin } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await asked(unlistedOrigin)).toBeNull();
    expect(await asked(memberSite)).toBe(memberSite);
  });
});
