import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { type SellerCenterClient, succeeded } from './support/api';
import { sha256File, sha256Stream, tempDir, tinyPng, writeLargeFile } from './support/files';
import { test as base, expect } from './support/fixtures';

const size = 120 * 1024 * 1024;

/** Aborted and held transfers are logged by Chromium; they are what these tests cause. */
const transferErrors = ['net::ERR_FAILED', 'Failed to load resource'];

const test = base.extend<object, { largeFile: { file: string; hash: string } }>({
  // One 120 MB video for the worker's tests, written to disk (never whole in memory).
  largeFile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      const temp = tempDir();
      const file = path.join(temp.dir, 'course-video.mp4');
      await writeLargeFile(file, size);
      await use({ file, hash: await sha256File(file) });
      temp.remove();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Fills the create form with the 120 MB file and one thumbnail. */
async function fillCreateForm(page: Page, title: string, file: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price (USD)').fill('25');
  await page.getByTestId('file-dropzone-input').setInputFiles(file);
  await page
    .getByTestId('thumbnail-dropzone-input')
    .setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(10, 120, 10) }]);
  await expect(page.getByTestId('pending-files').getByText('course-video.mp4')).toBeVisible();
}

/** Waits until the file's item shows a percentage strictly between `above` and 100. */
async function waitForVisibleProgress(page: Page, above = 0) {
  const status = page.getByTestId('pending-files').getByTestId('pending-item-status');
  await expect(page.getByTestId('pending-item-progress').first()).toBeVisible();
  await expect
    .poll(
      async () => {
        const match = /Uploading (\d+)%/.exec((await status.first().textContent()) ?? '');
        return match ? Number(match[1]) : -1;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBeGreaterThan(above);
}

async function createdProductId(page: Page): Promise<string> {
  await expect(page).toHaveURL((url) => url.pathname === '/products');
  await page.getByTestId('product-row').first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]+$/);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** The checksum of the product's only file as the server stores it, and the file's size. */
async function storedFile(api: SellerCenterClient, baseUrl: string, id: string) {
  const detail = await succeeded(api.GET('/api/products/{id}', { params: { path: { id } } }));
  const file = detail.files[0];
  const { downloadUrl } = await succeeded(
    api.GET('/api/products/{id}/download/{fileId}', {
      params: { path: { id, fileId: file?.id ?? '' } },
    }),
  );
  // The short-lived download URL is the storage's, not an endpoint of the API document.
  const response = await fetch(new URL(downloadUrl, baseUrl));
  if (!response.ok || !response.body) throw new Error(`download failed: ${response.status}`);
  return { size: file?.file_size, hash: await sha256Stream(response.body) };
}

test.describe('large uploads', () => {
  test('sends a 120 MB file through the multipart path with visible progress', async ({
    page,
    run,
    api,
    largeFile,
  }) => {
    const parts = new Set<string>();
    let multipartStarted = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/products/start-multipart-upload')) multipartStarted = true;
      if (request.url().includes('/storage/upload/') && request.method() === 'PUT') {
        parts.add(request.url());
      }
    });
    await page.goto('/products/create');
    await fillCreateForm(page, 'Big course', largeFile.file);
    await page.getByTestId('submit-product').click();
    await waitForVisibleProgress(page);
    await expect(page.getByTestId('submit-product')).toBeDisabled();
    await expect(page.getByTestId('form-success')).toBeVisible({ timeout: 60_000 });
    expect(multipartStarted).toBe(true);
    // 24 parts of 5 MiB, plus the thumbnail's single PUT.
    expect(parts.size).toBeGreaterThanOrEqual(24);

    const productId = await createdProductId(page);
    expect(await storedFile(api, run.baseUrl, productId)).toEqual({
      size,
      hash: largeFile.hash,
    });
  });

  test.describe('interrupted', () => {
    test.use({ allowConsoleErrors: transferErrors });

    test('aborts a cancelled multipart upload on the server', async ({ page, api, largeFile }) => {
      // Hold every part so that the upload is surely in flight when it is cancelled.
      const held: Array<() => Promise<void>> = [];
      await page.route('**/storage/upload/**', (route) => {
        held.push(() => route.abort().catch(() => undefined));
      });
      await page.goto('/products/create');
      await fillCreateForm(page, 'Cancelled course', largeFile.file);
      const started = page.waitForResponse('**/api/products/start-multipart-upload');
      await page.getByTestId('submit-product').click();
      const upload = (await (await started).json()) as { s3Key: string; uploadId: string };
      await expect(page.getByTestId('pending-item-progress').first()).toBeVisible();
      await expect.poll(() => held.length).toBeGreaterThan(0);

      const aborted = page.waitForResponse('**/api/products/abort-multipart-upload');
      await page.getByTestId('cancel-upload').click();
      expect((await aborted).status()).toBe(204);
      await expect(page.getByText('Upload cancelled.')).toBeVisible();
      await Promise.all(held.map((release) => release()));
      await page.unroute('**/storage/upload/**');

      const listed = await api.POST('/api/products/list-uploaded-parts', { body: upload });
      expect(listed.response.status).toBe(404);
      // The form is usable again.
      await expect(page.getByTestId('submit-product')).toBeEnabled();
    });

    test('resumes after a network cut and stores the exact bytes', async ({
      page,
      run,
      api,
      largeFile,
    }) => {
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
      await page.goto('/products/create');
      await fillCreateForm(page, 'Resumed course', largeFile.file);

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

      await expect(page.getByTestId('form-success')).toBeVisible({ timeout: 90_000 });
      // The same multipart upload went on where it stopped; it was not started again.
      expect(starts).toBe(1);
      const productId = await createdProductId(page);
      expect(await storedFile(api, run.baseUrl, productId)).toEqual({
        size,
        hash: largeFile.hash,
      });
    });
  });
});
