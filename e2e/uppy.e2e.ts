import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, withPage } from './support/browser';
import { tinyPng } from './support/files';
import { createSeller } from './support/sellers';

/**
 * The Uppy recipe of docs/integrations.md (support/uppy-recipe.ts), bundled as an integrator
 * would and run in Chromium on another site listed in CORS_ORIGINS: a file whose browser type
 * is an alias goes by single PUT, a larger one in 8 MiB parts, then the product is created from
 * the keys alone.
 */

const baseUrl = inject('baseUrl');
const memberSite = inject('crossOrigin');
const browser = browserForFile();
const here = path.dirname(fileURLToPath(import.meta.url));

let site: Server | undefined;

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents: `import { createSellerCenterUppy } from './uppy-recipe';
        window.createSellerCenterUppy = createSellerCenterUppy;`,
      resolveDir: path.join(here, 'support'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const page = `<!doctype html><html lang="en"><title>Uploader</title><script src="/uppy.js"></script><main></main></html>`;
  site = createServer((request, response) => {
    if (request.url === '/uppy.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  site.listen(Number(new URL(memberSite).port), '127.0.0.1');
  await once(site, 'listening');
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!site) return resolve();
    site.close(() => resolve());
    site.closeAllConnections();
  });
});

const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('Uppy with the seller center endpoints', () => {
  it('uploads by single PUT and in 8 MiB parts, and the product is created from the keys', async () => {
    const seller = await createSeller(baseUrl);
    const bigSize = 2 * 8 * 1024 * 1024 + 12_345;
    await withPage(browser(), { baseUrl: memberSite }, async ({ page }) => {
      await page.goto('/');
      const uploaded = await page.evaluate(
        async ({ api, token, png, bigSize }) => {
          type Recipe = (options: {
            apiBase: string;
            token: string;
            multipartAboveBytes: number;
          }) => {
            addFile(file: { name: string; type: string; data: Blob; meta?: object }): string;
            upload(): Promise<{
              successful?: { name?: string; meta: { s3Key?: string } }[];
              failed?: { error?: string }[];
            }>;
          };
          const create = (window as unknown as { createSellerCenterUppy: Recipe })
            .createSellerCenterUppy;
          const uppy = create({ apiBase: api, token, multipartAboveBytes: 10 * 1024 * 1024 });
          const big = new Uint8Array(bigSize);
          for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
          // Windows reports .zip as application/x-zip-compressed.
          uppy.addFile({
            name: 'course.zip',
            type: 'application/x-zip-compressed',
            data: new Blob([new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)])]),
          });
          uppy.addFile({ name: 'lesson.mp4', type: 'video/mp4', data: new Blob([big]) });
          uppy.addFile({
            name: 'cover.png',
            type: 'image/png',
            data: new Blob([new Uint8Array(png)]),
            meta: { isImage: true },
          });
          const result = await uppy.upload();
          const digest = await crypto.subtle.digest('SHA-256', big);
          return {
            failed: (result.failed ?? []).map((file) => String(file.error)),
            keys: Object.fromEntries(
              (result.successful ?? []).map((file) => [file.name ?? '', file.meta.s3Key ?? '']),
            ),
            bigDigest: [...new Uint8Array(digest)]
              .map((byte) => byte.toString(16).padStart(2, '0'))
              .join(''),
          };
        },
        { api: baseUrl, token: seller.token, png: [...tinyPng(10, 200, 90)], bigSize },
      );
      expect(uploaded.failed).toEqual([]);
      expect(Object.keys(uploaded.keys).sort()).toEqual(['course.zip', 'cover.png', 'lesson.mp4']);

      const created = await fetch(`${baseUrl}/api/products/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Uploaded with Uppy',
          price: 5,
          files: [{ s3Key: uploaded.keys['course.zip'] }, { s3Key: uploaded.keys['lesson.mp4'] }],
          thumbnails: [{ s3Key: uploaded.keys['cover.png'] }],
        }),
      });
      expect(created.status).toBe(201);
      const detail = (await created.json()) as {
        product: { id: string };
        files: { id: string; file_type: string; file_size: number }[];
      };
      expect(detail.files.map((file) => [file.file_type, file.file_size])).toEqual([
        ['application/zip', 22],
        ['video/mp4', bigSize],
      ]);
      const answer = await fetch(
        `${baseUrl}/api/products/${detail.product.id}/download/${detail.files[1]?.id}`,
        { headers: { authorization: `Bearer ${seller.token}` } },
      );
      const { downloadUrl } = (await answer.json()) as { downloadUrl: string };
      const bytes = new Uint8Array(
        await (await fetch(new URL(downloadUrl, baseUrl))).arrayBuffer(),
      );
      expect(sha256(bytes)).toBe(uploaded.bigDigest);
    });
  });
});
