import type { Page, Route } from '@playwright/test';
import { pdfBytes, tinyPng } from './support/files';
import { expect, failedRequest, test } from './support/fixtures';

/** Aborted and refused transfers are logged by Chromium; they are what these tests cause. */
const transferErrors = ['net::ERR_FAILED', 'Failed to load resource'];

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
  await expect(page.getByTestId('pending-files').getByText('guide.pdf')).toBeVisible();
}

const fileStatus = (page: Page) =>
  page.getByTestId('pending-files').getByTestId('pending-item-status').first();

/** Resolves once the page has drawn two more frames: what a navigation it started has done. */
const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

test.describe('a running upload is not lost to a stray click', () => {
  test.use({ allowConsoleErrors: transferErrors });

  test('asks before leaving by a link, by Back or by closing the tab, and leaves only when told', async ({
    page,
    seller: _,
  }) => {
    // Every byte upload is held: the upload stays under way for as long as the test needs.
    const held: Route[] = [];
    await page.route('**/storage/upload/**', (route) => {
      held.push(route);
    });
    await page.goto('/products');
    await page.getByTestId('create-product').click();
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await fillForm(page, 'Held upload');
    await page.getByTestId('submit-product').click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const progress = page.getByTestId('pending-item-progress');
    await expect(progress.first()).toBeVisible();

    // A link of the navigation: the question, and the page stays with its upload.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByTestId('leave-dialog');
    await expect(dialog).toContainText('Files are still uploading.');
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await dialog.getByTestId('leave-stay').click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await expect(progress).toHaveCount(1);

    // Back: undone at once, and asked.
    await page.evaluate(() => window.history.back());
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await dialog.getByTestId('leave-stay').click();
    await expect(dialog).toHaveCount(0);
    await twoFrames(page);
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await expect(progress).toHaveCount(1);

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
    await expect(progress).toHaveCount(1);

    // "Leave": Back goes where it was going, and the upload stops.
    await page.evaluate(() => window.history.back());
    await dialog.getByTestId('leave-confirm').click();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));

    // With nothing uploading, links simply go.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(dialog).toHaveCount(0);
  });
});

test.describe('failures are said, beside the file, and can be retried', () => {
  test.describe('when the store is busy, then refuses', () => {
    test.use({ allowConsoleErrors: [...transferErrors, failedRequest(503), failedRequest(400)] });

    test('shows "retrying (2/6)" while a transfer is tried again, then why it failed, and retries', async ({
      page,
      seller: _,
    }) => {
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
      await page.goto('/products/create');
      await fillForm(page, 'Flaky upload');
      await page.getByTestId('submit-product').click();

      await expect.poll(() => second !== undefined, { timeout: 10_000 }).toBe(true);
      await expect(fileStatus(page)).toContainText('Retrying (2/6)');
      await expect(fileStatus(page)).not.toContainText('0%');

      // The store refuses it for good: the row says why and offers to try again.
      await second?.fulfill({ status: 400, body: 'refused' });
      const row = page.getByTestId('pending-files').getByTestId('pending-item').first();
      await expect(row.getByTestId('pending-item-error')).toHaveText(
        'Failed: the server refused the file',
      );
      await expect(row).toHaveAttribute('data-status', 'failed');
      await expect(page.getByTestId('form-error')).toBeVisible();

      // The store is back: "Retry" sends it again and the product is created.
      await page.unroute('**/storage/upload/**');
      await row.getByTestId('pending-item-retry-button').click();
      await expect(page.getByTestId('form-success')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/products');
      await expect(
        page.getByTestId('product-row').filter({ hasText: 'Flaky upload' }),
      ).toBeVisible();
    });
  });

  test.describe('when the save fails', () => {
    test.use({ allowConsoleErrors: [failedRequest(500)] });

    test('brings a failed save into view and gives it the focus', async ({ page, seller: _ }) => {
      await page.route('**/api/products/create', (route) =>
        route.fulfill({
          status: 500,
          json: { error: 'Something went wrong', code: 'internal_error' },
        }),
      );
      await page.goto('/products/create');
      await fillForm(page, 'Refused save');
      // The save button sits at the end of a long form: the seller is far from its top.
      await page.getByTestId('submit-product').click();
      const notice = page.getByTestId('form-notice');
      await expect(notice.getByTestId('form-error')).toBeVisible();
      await expect(notice).toBeFocused();
      await expect(notice).toBeInViewport({ ratio: 1 });
    });
  });
});

test.describe('upload rows say how it goes', () => {
  test('shows bytes sent, speed and time left, and an estimate that follows them', async ({
    page,
    context,
    seller: _,
  }) => {
    await page.goto('/products/create');
    // 3 MB at about 256 kB/s: the upload runs for several seconds.
    await fillForm(page, 'Slow upload', Buffer.concat([pdfBytes('slow'), Buffer.alloc(3 << 20)]));
    const estimate = page.getByTestId('upload-estimate');
    await expect(estimate).toHaveText(/^3 MB to upload\./);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.getByTestId('submit-product').click();

    await expect(fileStatus(page)).toHaveText(
      /Uploading \d+% · [\d.]+ (kB|MB|bytes) of 3 MB · [\d.]+ (kB|MB)\/s · \d+ seconds? left/i,
      { timeout: 20_000 },
    );
    await expect(estimate).toHaveText(/^About \d+ seconds left for the uploads\.$/, {
      timeout: 10_000,
    });

    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByTestId('form-success')).toBeVisible({ timeout: 30_000 });
  });

  test.describe('with revoked previews', () => {
    // Reading a revoked address is refused, and Chromium logs it.
    test.use({ allowConsoleErrors: ['net::ERR_FILE_NOT_FOUND'] });

    test('previews new thumbnails (revoked when removed) and gives each file type its icon', async ({
      page,
      seller: _,
    }) => {
      await page.goto('/products/create');
      await page.getByTestId('thumbnail-dropzone-input').setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: tinyPng(220, 30, 30) },
        { name: 'blue.png', mimeType: 'image/png', buffer: tinyPng(30, 30, 220) },
      ]);
      const thumbnails = page.getByTestId('pending-thumbnails').getByTestId('pending-item');
      const preview = thumbnails.first().getByTestId('pending-item-preview');
      await expect(preview).toHaveAttribute('src', /^blob:/);
      const src = (await preview.getAttribute('src')) ?? '';
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
      await expect(thumbnails).toHaveCount(1);
      await expect.poll(() => readable(src)).toBe(false);

      await page.getByTestId('file-dropzone-input').setInputFiles([
        { name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdfBytes('icons') },
        { name: 'pack.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004zip') },
        { name: 'lesson.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2048) },
      ]);
      const icons = page.getByTestId('pending-files').getByTestId('pending-item-icon');
      await expect(icons).toHaveCount(3);
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
