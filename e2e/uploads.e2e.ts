import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, expectPath, openSignedIn, withPage } from './support/browser';
import { sha256File, sha256Stream, tempDir, tinyPng, writeLargeFile } from './support/files';
import { downloadProductFile, getProductDetail, sellerApi } from './support/products';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const size = 120 * 1024 * 1024;
const browser = browserForFile();
let largeFile: string;
let largeFileHash: string;
let removeTemp: () => void;

beforeAll(async () => {
  const temp = tempDir();
  removeTemp = temp.remove;
  largeFile = path.join(temp.dir, 'course-video.mp4');
  await writeLargeFile(largeFile, size);
  largeFileHash = await sha256File(largeFile);
}, 120_000);

afterAll(async () => {
  removeTemp?.();
});

/** Fills the create form with the 120 MB file and one thumbnail. */
async function fillCreateForm(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price (USD)').fill('25');
  await page.getByTestId('file-dropzone-input').setInputFiles(largeFile);
  await page
    .getByTestId('thumbnail-dropzone-input')
    .setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(10, 120, 10) }]);
  await page.getByTestId('pending-files').getByText('course-video.mp4').waitFor();
}

/** Waits until the file's item shows a percentage strictly between 0 and 100. */
async function waitForVisibleProgress(page: Page, above = 0) {
  const status = page.getByTestId('pending-files').getByTestId('pending-item-status');
  await page.getByTestId('pending-item-progress').first().waitFor();
  await expect
    .poll(
      async () => {
        const match = /Uploading (\d+)%/.exec((await status.first().textContent()) ?? '');
        return match ? Number(match[1]) : -1;
      },
      { timeout: 30_000, interval: 50 },
    )
    .toBeGreaterThan(above);
}

async function createdProductId(page: Page): Promise<string> {
  await expectPath(page, '/products');
  const row = page.getByTestId('product-row').first();
  await row.click();
  await page.waitForURL(/\/products\/[0-9a-f-]+$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

describe('large uploads', () => {
  it('sends a 120 MB file through the multipart path with visible progress', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      const parts = new Set<string>();
      let multipartStarted = false;
      page.on('request', (request) => {
        if (request.url().includes('/api/products/start-multipart-upload')) multipartStarted = true;
        if (request.url().includes('/storage/upload/') && request.method() === 'PUT') {
          parts.add(request.url());
        }
      });
      await openSignedIn(page, seller.token, '/products/create');
      await fillCreateForm(page, 'Big course');
      await page.getByTestId('submit-product').click();
      await waitForVisibleProgress(page);
      expect(await page.getByTestId('submit-product').isDisabled()).toBe(true);
      await page.getByTestId('form-success').waitFor({ timeout: 60_000 });
      expect(multipartStarted).toBe(true);
      // 24 parts of 5 MiB, plus the thumbnail's single PUT.
      expect(parts.size).toBeGreaterThanOrEqual(24);

      const productId = await createdProductId(page);
      const detail = await getProductDetail(baseUrl, seller.token, productId);
      const file = detail.files[0];
      expect(file?.file_size).toBe(size);
      const response = await downloadProductFile(baseUrl, seller.token, productId, file?.id ?? '');
      expect(await sha256Stream(response.body as ReadableStream<Uint8Array>)).toBe(largeFileHash);
    });
  });

  it('aborts a cancelled multipart upload on the server', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [/net::ERR_FAILED/, /Failed to load resource/] },
      async ({ page }) => {
        // Hold every part so that the upload is surely in flight when it is cancelled.
        const held: Array<() => Promise<void>> = [];
        await page.route('**/storage/upload/**', (route) => {
          held.push(() => route.abort().catch(() => undefined));
        });
        await openSignedIn(page, seller.token, '/products/create');
        await fillCreateForm(page, 'Cancelled course');
        const started = page.waitForResponse('**/api/products/start-multipart-upload');
        await page.getByTestId('submit-product').click();
        const upload = (await (await started).json()) as { s3Key: string; uploadId: string };
        await page.getByTestId('pending-item-progress').first().waitFor();
        await expect.poll(() => held.length).toBeGreaterThan(0);

        const aborted = page.waitForResponse('**/api/products/abort-multipart-upload');
        await page.getByTestId('cancel-upload').click();
        expect((await aborted).status()).toBe(204);
        await page.getByText('Upload cancelled.').waitFor();
        await Promise.all(held.map((release) => release()));
        await page.unroute('**/storage/upload/**');

        const listed = await sellerApi(
          baseUrl,
          seller.token,
          'POST',
          '/api/products/list-uploaded-parts',
          upload,
        );
        expect(listed.status).toBe(404);
        // The form is usable again.
        expect(await page.getByTestId('submit-product').isDisabled()).toBe(false);
      },
    );
  });

  it('resumes after a network cut and stores the exact bytes', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [/net::ERR_FAILED/, /Failed to load resource/] },
      async ({ page }) => {
        let starts = 0;
        // Every attempt at a part signs a fresh URL first: the signings count the attempts.
        const attempts = new Map<number, number>();
        page.on('request', (request) => {
          const url = request.url();
          if (url.includes('/api/products/start-multipart-upload')) starts++;
          if (url.includes('/api/products/get-part-upload-url')) {
            const { partNumber } = request.postDataJSON() as { partNumber: number };
            attempts.set(partNumber, (attempts.get(partNumber) ?? 0) + 1);
          }
        });
        await openSignedIn(page, seller.token, '/products/create');
        await fillCreateForm(page, 'Resumed course');

        // The first transfers go through; the next ones are held until the cut, so that it
        // surely lands in the middle of the upload, with parts in flight.
        let network: 'up' | 'holding' | 'cut' = 'up';
        let passed = 0;
        let refused = 0;
        const held: Route[] = [];
        const refuse = (route: Route) => {
          refused++;
          return route.abort('internetdisconnected');
        };
        await page.route('**/storage/upload/**', (route) => {
          if (network === 'cut') return refuse(route);
          if (network === 'up' && passed < 6) {
            passed++;
            return route.continue();
          }
          network = 'holding';
          held.push(route);
        });
        await page.getByTestId('submit-product').click();
        await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
        await waitForVisibleProgress(page, 10);

        network = 'cut';
        await Promise.all(held.splice(0).map(refuse));
        // The cut lasts until a part has failed on a retry as well (its third attempt is being
        // signed): the client went on trying through the outage rather than giving up.
        await expect
          .poll(() => Math.max(0, ...attempts.values()), { timeout: 20_000 })
          .toBeGreaterThanOrEqual(3);
        expect(refused).toBeGreaterThan(1);
        await page.unroute('**/storage/upload/**');

        await page.getByTestId('form-success').waitFor({ timeout: 90_000 });
        // The same multipart upload went on where it stopped; it was not started again.
        expect(starts).toBe(1);
        const productId = await createdProductId(page);
        const detail = await getProductDetail(baseUrl, seller.token, productId);
        const file = detail.files[0];
        expect(file?.file_size).toBe(size);
        const response = await downloadProductFile(
          baseUrl,
          seller.token,
          productId,
          file?.id ?? '',
        );
        expect(await sha256Stream(response.body as ReadableStream<Uint8Array>)).toBe(largeFileHash);
      },
    );
  });
});
