import { newCredentials } from './support/api';
import { tinyPng } from './support/files';
import { test as base, expect } from './support/fixtures';
import { startSite } from './support/other-site';

const test = base.extend<{ unlistedOrigin: string }>({
  /** A site that the server's CORS_ORIGINS does not list. */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
  unlistedOrigin: async ({}, use) => {
    const site = await startSite();
    await use(site.origin);
    await site.close();
  },
});

test.describe('a page of another site listed in CORS_ORIGINS', () => {
  test('signs up, reads products, uploads in parts and shows a public image', async ({
    page,
    run,
  }) => {
    await page.goto(`${run.crossOrigin}/`);
    expect(new URL(page.url()).origin).toBe(run.crossOrigin);

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
      { api: run.baseUrl, credentials: newCredentials(), png: [...tinyPng(20, 90, 200)] },
    );

    expect(result.productsBefore).toBe(0);
    expect(result.etags).toHaveLength(2);
    for (const etag of result.etags) expect(etag).toMatch(/^".+"$/);
    expect(new URL(result.imageSrc).origin).toBe(run.baseUrl);
    expect(result.imageLoaded).toBe(true);
    expect(result.naturalWidth).toBeGreaterThan(0);
    expect(result.received).toBe(result.sent);
    expect(result.disposition).toMatch(/^attachment;.*course\.zip/);
  });
});

test.describe('a site not listed in CORS_ORIGINS', () => {
  test.use({ allowConsoleErrors: ['blocked by CORS policy', 'net::ERR_FAILED'] });

  test("cannot read the API's answers from its pages", async ({ page, run, unlistedOrigin }) => {
    await page.goto(`${unlistedOrigin}/`);
    const outcome = await page.evaluate(async (api) => {
      try {
        const response = await fetch(new URL('/api/health', api));
        return `read ${response.status}`;
      } catch (error) {
        return `refused: ${(error as Error).name}`;
      }
    }, run.baseUrl);
    expect(outcome).toBe('refused: TypeError');

    const asked = async (origin: string) =>
      (await fetch(`${run.baseUrl}/api/health`, { headers: { origin } })).headers.get(
        'access-control-allow-origin',
      );
    expect(await asked(unlistedOrigin)).toBeNull();
    expect(await asked(run.crossOrigin)).toBe(run.crossOrigin);
  });
});
