import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { succeeded } from './support/api';
import { tinyPng } from './support/files';
import { expect, test } from './support/fixtures';

/**
 * The Uppy recipe of docs/integrations.md (support/uppy-recipe.ts), bundled as an integrator
 * would and run in Chromium on another site listed in CORS_ORIGINS: a file whose browser type
 * is an alias goes by single PUT, a larger one in 8 MiB parts, then the product is created from
 * the keys alone.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** The recipe as a script of the integrator's page, which puts it on `window`. */
async function bundledRecipe(): Promise<string> {
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
  return bundle.outputFiles[0]?.text ?? '';
}

const sha256 = (data: Buffer | Uint8Array) => createHash('sha256').update(data).digest('hex');

test.describe('Uppy with the seller center endpoints', () => {
  test('uploads by single PUT and in 8 MiB parts, and the product is created from the keys', async ({
    page,
    run,
    seller,
    api,
  }) => {
    const bigSize = 2 * 8 * 1024 * 1024 + 12_345;
    // The integrator's page on the member site, with the bundled recipe as its script.
    await page.goto(`${run.crossOrigin}/`);
    await page.addScriptTag({ content: await bundledRecipe() });
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
      { api: run.baseUrl, token: seller.token, png: [...tinyPng(10, 200, 90)], bigSize },
    );
    expect(uploaded.failed).toEqual([]);
    expect(Object.keys(uploaded.keys).sort()).toEqual(['course.zip', 'cover.png', 'lesson.mp4']);

    const detail = await succeeded(
      api.POST('/api/products/create', {
        body: {
          title: 'Uploaded with Uppy',
          price: 5,
          files: [
            { s3Key: uploaded.keys['course.zip'] ?? '' },
            { s3Key: uploaded.keys['lesson.mp4'] ?? '' },
          ],
          thumbnails: [{ s3Key: uploaded.keys['cover.png'] ?? '' }],
        },
      }),
    );
    expect(detail.files.map((file) => [file.file_type, file.file_size])).toEqual([
      ['application/zip', 22],
      ['video/mp4', bigSize],
    ]);
    const { downloadUrl } = await succeeded(
      api.GET('/api/products/{id}/download/{fileId}', {
        params: { path: { id: detail.product.id, fileId: detail.files[1]?.id ?? '' } },
      }),
    );
    const bytes = new Uint8Array(
      await (await fetch(new URL(downloadUrl, run.baseUrl))).arrayBuffer(),
    );
    expect(sha256(bytes)).toBe(uploaded.bigDigest);
  });
});
