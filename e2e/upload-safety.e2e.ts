import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  browserForFile,
  expectPath,
  failedRequest,
  openSignedIn,
  withPage,
} from './support/browser';
import { pdfBytes, tinyPng } from './support/files';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** Aborted and refused transfers are logged by Chromium; they are what these tests cause. */
const transferErrors = [/net::ERR_FAILED/, /Failed to load resource/];

/** Title, price, one PDF and one thumbnail: a form ready to save. */
async function fillForm(page: Page, title: string, file = pdfBytes(title)) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Price (USD)').fill('15');
  await page
    .getByTestId('file-dropzone-input')
    .setInputFiles([{ name: 'guide.pdf', mimeType: 'application/pdf', buffer: file }]);
  await page
    .getByTestId('thumbnail-dropzone-input')
    .setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(20, 90, 200) }]);
  await page.getByTestId('pending-files').getByText('guide.pdf').waitFor();
}

const fileStatus = (page: Page) =>
  page.getByTestId('pending-files').getByTestId('pending-item-status').first();

describe('a running upload is not lost to a stray click', () => {
  it('asks before leaving by a link, by Back or by closing the tab, and leaves only when told', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl, allowConsoleErrors: transferErrors }, async ({ page }) => {
      // Every byte upload is held: the upload stays under way for as long as the test needs.
      const held: Route[] = [];
      await page.route('**/storage/upload/**', (route) => {
        held.push(route);
      });
      await openSignedIn(page, seller.token, '/products');
      await page.getByTestId('create-product').click();
      await expectPath(page, '/products/create');
      await fillForm(page, 'Held upload');
      await page.getByTestId('submit-product').click();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await page.getByTestId('pending-item-progress').first().waitFor();

      // A link of the navigation: the question, and the page stays with its upload.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      const dialog = page.getByTestId('leave-dialog');
      await dialog.getByText('Files are still uploading.', { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/products/create');
      await dialog.getByTestId('leave-stay').click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/products/create');
      expect(await page.getByTestId('pending-item-progress').count()).toBe(1);

      // Back: undone at once, and asked.
      await page.evaluate(() => window.history.back());
      await dialog.waitFor();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/products/create');
      await dialog.getByTestId('leave-stay').click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/products/create');
      expect(await page.getByTestId('pending-item-progress').count()).toBe(1);

      // Closing the tab: the browser's own question; dismissed, the page stays open.
      const asked = new Promise<string>((resolve) => {
        page.once('dialog', (question) => {
          resolve(question.type());
          void question.dismiss();
        });
      });
      await page.close({ runBeforeUnload: true });
      expect(await asked).toBe('beforeunload');
      expect(page.isClosed()).toBe(false);
      expect(await page.getByTestId('pending-item-progress').count()).toBe(1);

      // "Leave": Back goes where it was going, and the upload stops.
      await page.evaluate(() => window.history.back());
      await dialog.getByTestId('leave-confirm').click();
      await expectPath(page, '/products');
      await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));

      // With nothing uploading, links simply go.
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expectPath(page, '/');
      expect(await dialog.count()).toBe(0);
    });
  });
});

describe('failures are said, beside the file, and can be retried', () => {
  it('shows "retrying (2/6)" while a transfer is tried again, then why it failed, and retries', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [...transferErrors, failedRequest(503), failedRequest(400)] },
      async ({ page }) => {
        let attempts = 0;
        let second: Route | undefined;
        await page.route('**/storage/upload/**', async (route) => {
          attempts++;
          if (attempts === 1) {
            await route.fulfill({ status: 503, body: 'busy' });
          } else {
            // The second attempt is held, so that "retrying" can be read.
            second = route;
          }
        });
        await openSignedIn(page, seller.token, '/products/create');
        await fillForm(page, 'Flaky upload');
        await page.getByTestId('submit-product').click();

        await expect.poll(() => second !== undefined, { timeout: 10_000 }).toBe(true);
        expect(await fileStatus(page).textContent()).toContain('Retrying (2/6)');
        expect(await fileStatus(page).textContent()).not.toContain('0%');

        // The store refuses it for good: the row says why and offers to try again.
        await second?.fulfill({ status: 400, body: 'refused' });
        const row = page.getByTestId('pending-files').getByTestId('pending-item').first();
        await row.getByTestId('pending-item-error').waitFor();
        expect(await row.getByTestId('pending-item-error').textContent()).toBe(
          'Failed: the server refused the file',
        );
        expect(await row.getAttribute('data-status')).toBe('failed');
        await page.getByTestId('form-error').waitFor();

        // The store is back: "Retry" sends it again and the product is created.
        await page.unroute('**/storage/upload/**');
        await row.getByTestId('pending-item-retry-button').click();
        await page.getByTestId('form-success').waitFor();
        await expectPath(page, '/products');
        await page.getByTestId('product-row').filter({ hasText: 'Flaky upload' }).waitFor();
      },
    );
  });

  it('brings a failed save into view and gives it the focus', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [failedRequest(500)] },
      async ({ page }) => {
        await page.route('**/api/products/create', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Something went wrong', code: 'internal_error' }),
          }),
        );
        await openSignedIn(page, seller.token, '/products/create');
        await fillForm(page, 'Refused save');
        // The save button sits at the end of a long form: the seller is far from its top.
        await page.getByTestId('submit-product').click();
        const notice = page.getByTestId('form-notice');
        await notice.getByTestId('form-error').waitFor();

        const placement = await notice.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return {
            focused: document.activeElement === element,
            top: box.top,
            bottom: box.bottom,
            viewport: window.innerHeight,
          };
        });
        expect(placement.focused).toBe(true);
        expect(placement.top).toBeGreaterThanOrEqual(0);
        expect(placement.bottom).toBeLessThanOrEqual(placement.viewport);
      },
    );
  });
});

describe('upload rows say how it goes', () => {
  it('shows bytes sent, speed and time left, and an estimate that follows them', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await openSignedIn(page, seller.token, '/products/create');
      // 3 MB at about 256 kB/s: the upload runs for several seconds.
      await fillForm(page, 'Slow upload', Buffer.concat([pdfBytes('slow'), Buffer.alloc(3 << 20)]));
      const estimate = page.getByTestId('upload-estimate');
      expect(await estimate.textContent()).toMatch(/^3 MB to upload\./);

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      await page.getByTestId('submit-product').click();

      const status = fileStatus(page);
      await expect
        .poll(async () => (await status.textContent()) ?? '', { timeout: 20_000, interval: 100 })
        .toMatch(
          /Uploading \d+% · [\d.]+ (kB|MB|bytes) of 3 MB · [\d.]+ (kB|MB)\/s · \d+ seconds? left/i,
        );
      await expect
        .poll(async () => (await estimate.textContent()) ?? '', { timeout: 10_000 })
        .toMatch(/^About \d+ seconds left for the uploads\.$/);

      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await page.getByTestId('form-success').waitFor({ timeout: 30_000 });
    });
  });

  it('previews new thumbnails (revoked when removed) and gives each file type its icon', async () => {
    const seller = await createSeller(baseUrl);
    // Reading a revoked address is refused, and Chromium logs it.
    const revoked = [/net::ERR_FILE_NOT_FOUND/];
    await withPage(browser(), { baseUrl, allowConsoleErrors: revoked }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/products/create');
      await page.getByTestId('thumbnail-dropzone-input').setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: tinyPng(220, 30, 30) },
        { name: 'blue.png', mimeType: 'image/png', buffer: tinyPng(30, 30, 220) },
      ]);
      const thumbnails = page.getByTestId('pending-thumbnails').getByTestId('pending-item');
      const preview = thumbnails.first().getByTestId('pending-item-preview');
      await preview.waitFor();
      const src = (await preview.getAttribute('src')) ?? '';
      expect(src).toMatch(/^blob:/);
      // The browser decoded the picked image itself.
      await expect
        .poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBe(4);
      // Whether the address still gives the image (a revoked one no longer does).
      const readable = (url: string) =>
        page.evaluate(
          (blobUrl) =>
            new Promise<boolean>((resolve) => {
              const probe = new Image();
              probe.onload = () => resolve(true);
              probe.onerror = () => resolve(false);
              probe.src = blobUrl;
            }),
          url,
        );
      expect(await readable(src)).toBe(true);

      await thumbnails.first().getByRole('button', { name: 'Remove red.png' }).click();
      await expect.poll(() => thumbnails.count()).toBe(1);
      await expect.poll(() => readable(src)).toBe(false);

      await page.getByTestId('file-dropzone-input').setInputFiles([
        { name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdfBytes('icons') },
        { name: 'pack.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004zip') },
        { name: 'lesson.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2048) },
      ]);
      const icons = page.getByTestId('pending-files').getByTestId('pending-item-icon');
      await expect.poll(() => icons.count()).toBe(3);
      const shapes = await icons.evaluateAll((svgs) =>
        svgs.map((svg) => [
          svg.getAttribute('data-icon'),
          Array.from(svg.classList).find((name) => name.startsWith('lucide-')),
        ]),
      );
      expect(shapes).toEqual([
        ['pdf', 'lucide-file-text'],
        ['zip', 'lucide-package'],
        ['mp4', 'lucide-film'],
      ]);
    });
  });
});
