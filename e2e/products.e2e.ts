import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  browserForFile,
  expectPath,
  holdRequests,
  openSignedIn,
  placeOf,
  withPage,
} from './support/browser';
import { pdfBytes, sha256, tinyPng } from './support/files';
import { createProduct } from './support/member-site';
import { getProductDetail, latestRate } from './support/products';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

/** A toast (sonner) that says `text`. */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('products', () => {
  it('creates, finds, shows, downloads, edits and deletes a product through the UI', async () => {
    const seller = await createSeller(baseUrl);
    const guide = pdfBytes('guide');
    const extras = pdfBytes('extras');
    const bonus = pdfBytes('bonus');

    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openSignedIn(page, seller.token, '/products');
      await page.getByTestId('products-empty').waitFor();
      expect(await page.getByTestId('product-search').count()).toBe(0);

      // Create: two files and two thumbnails through the dropzones.
      await page.getByTestId('create-product').click();
      await expectPath(page, '/products/create');
      await page.getByLabel('Title').fill('Watercolor Brush Pack');
      await page.getByLabel('Description').fill('Forty brushes for PROCREATE painters.');
      const price = page.getByLabel('Price (USD)');
      await price.fill('0');
      expect(await price.inputValue()).toBe('');
      await price.fill('12a');
      expect(await price.inputValue()).toBe('12');
      await page.getByTestId('price-preview').getByText(/₩/).waitFor();

      await page.getByTestId('file-dropzone-input').setInputFiles([
        { name: 'guide.pdf', mimeType: 'application/pdf', buffer: guide },
        { name: 'extras.pdf', mimeType: 'application/pdf', buffer: extras },
        { name: '.DS_Store', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not allowed') },
      ]);
      await page
        .getByTestId('file-dropzone-errors')
        .getByText(/notes\.txt/)
        .waitFor();
      await page.getByTestId('thumbnail-dropzone-input').setInputFiles([
        { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(200, 40, 40) },
        { name: 'back.png', mimeType: 'image/png', buffer: tinyPng(40, 40, 200) },
      ]);
      expect(await page.getByTestId('pending-files').getByTestId('pending-item').count()).toBe(2);
      expect(await page.getByTestId('pending-thumbnails').getByTestId('pending-item').count()).toBe(
        2,
      );
      // Before the upload, how much there is to send; the time left follows once it runs.
      await page
        .getByTestId('upload-estimate')
        .getByText(/to upload\. The time left appears once the upload starts\./)
        .waitFor();

      await page.getByTestId('submit-product').click();
      await page.getByTestId('form-success').waitFor();
      await expectPath(page, '/products');
      // The page it lands on confirms it too.
      await toast(page, 'Your product has been created.').waitFor();

      // Find it by search (title or description, case-insensitive).
      const rows = page.getByTestId('product-row');
      await rows.first().waitFor();
      // The product count comes from the statistics, which may arrive after the rows.
      await expect.poll(() => page.getByTestId('count-total').textContent()).toBe('1');
      expect(await page.getByTestId('count-files').textContent()).toBe('2');
      await page.getByTestId('product-search').fill('procreate');
      await rows.filter({ hasText: 'Watercolor Brush Pack' }).waitFor();
      await page.getByTestId('product-search').fill('no such thing');
      await page.getByTestId('products-no-results').waitFor();
      await page.getByTestId('product-search').fill('WATERCOLOR');
      const row = rows.filter({ hasText: 'Watercolor Brush Pack' });
      expect(await row.getByTestId('status-badge').textContent()).toBe('Active');
      expect(await row.textContent()).toContain('$12');

      // Open it.
      await row.click();
      await page.waitForURL(/\/products\/[0-9a-f-]+$/);
      const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByTestId('product-title').getByText('Watercolor Brush Pack').waitFor();
      expect(await page.getByTestId('product-price').textContent()).toBe('$12');
      expect(await page.getByTestId('stat-files').textContent()).toBe('2');

      // Move the carousel: arrows, dots and the strip.
      const carousel = page.getByTestId('carousel');
      expect(await carousel.getAttribute('data-index')).toBe('0');
      await page.getByTestId('carousel-next').click();
      expect(await carousel.getAttribute('data-index')).toBe('1');
      await page.getByTestId('carousel-next').click();
      expect(await carousel.getAttribute('data-index')).toBe('0');
      await page.getByTestId('carousel-previous').click();
      expect(await carousel.getAttribute('data-index')).toBe('1');
      await page.getByTestId('carousel-dot').first().click();
      expect(await carousel.getAttribute('data-index')).toBe('0');
      await page.getByTestId('carousel-strip-item').nth(1).click();
      expect(await carousel.getAttribute('data-index')).toBe('1');

      // Copy the share link.
      const link = await page.getByTestId('share-link').inputValue();
      expect(link).toMatch(new RegExp(`/${seller.nickname}/products/${productId}$`));
      await page.getByTestId('copy-link').click();
      await page.getByTestId('copy-link').getByText('Copied').waitFor();
      await page.getByText('The link has been copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      const tweet = await page.getByTestId('share-twitter').getAttribute('href');
      expect(tweet).toContain('https://twitter.com/intent/tweet?');
      expect(new URL(tweet ?? '').searchParams.get('url')).toBe(link);
      expect(await page.getByTestId('share-twitter').getAttribute('rel')).toContain('noopener');
      expect(await page.getByTestId('share-twitter').textContent()).toBe('Share on X');

      // Download a file: same bytes, original name.
      const files = page.getByTestId('product-file');
      expect(await files.count()).toBe(2);
      expect(await files.first().textContent()).toContain('#1');
      const guideRow = files.filter({ hasText: 'guide.pdf' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        guideRow.getByTestId('download-file').click(),
      ]);
      expect(download.suggestedFilename()).toBe('guide.pdf');
      const saved = await download.path();
      expect(sha256(await readFile(saved))).toBe(sha256(guide));

      // Edit: remove a file (confirmed), add one, set inactive, save, land on detail.
      await page.getByTestId('edit-product').click();
      await expectPath(page, `/products/${productId}/edit`);
      const existing = page.getByTestId('existing-file');
      await existing.first().waitFor();
      await existing.filter({ hasText: 'extras.pdf' }).getByTestId('remove-file').click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByText(/cannot be undone/).waitFor();
      await dialog.getByTestId('confirm-action').click();
      await existing.filter({ hasText: 'extras.pdf' }).waitFor({ state: 'detached' });
      await page
        .getByTestId('file-dropzone-input')
        .setInputFiles([{ name: 'bonus.pdf', mimeType: 'application/pdf', buffer: bonus }]);
      await page.getByTestId('status-inactive').click();
      await page.getByText('Hidden from the member site and cannot be bought.').waitFor();
      await page.getByTestId('submit-product').click();
      await page.getByTestId('form-success').waitFor();
      await expectPath(page, `/products/${productId}`);
      await toast(page, 'Your changes have been saved.').waitFor();
      await page.getByTestId('status-badge').getByText('Inactive').waitFor();
      const names = await page.getByTestId('product-file').allTextContents();
      expect(names.some((text) => text.includes('guide.pdf'))).toBe(true);
      expect(names.some((text) => text.includes('bonus.pdf'))).toBe(true);
      expect(names.some((text) => text.includes('extras.pdf'))).toBe(false);
      const detail = await getProductDetail(baseUrl, seller.token, productId);
      expect(detail.product.status).toBe('inactive');
      expect(detail.files.map((file) => file.file_original_name).sort()).toEqual([
        'bonus.pdf',
        'guide.pdf',
      ]);

      // Delete it from the list: it leaves the list.
      await page.getByTestId('back-to-products').click();
      await expectPath(page, '/products');
      const listed = page.getByTestId('product-row').filter({ hasText: 'Watercolor Brush Pack' });
      await listed.getByTestId('delete-product').click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
      await page.getByTestId('products-empty').waitFor();
      await toast(page, 'The product has been deleted.').waitFor();
      expect((await getProductDetail(baseUrl, seller.token, productId)).product.status).toBe(
        'deleted',
      );

      // A deleted product still opens, with editing disabled.
      await page.goto(`/products/${productId}`);
      await page.getByTestId('deleted-notice').waitFor();
      expect(await page.getByTestId('edit-product').isDisabled()).toBe(true);
      await page.goto(`/products/${productId}/edit`);
      await page.getByTestId('deleted-cannot-edit').waitFor();
      expect(await page.getByTestId('edit-product-form').count()).toBe(0);
    });
  });

  it('deletes a product from its edit form, confirmed on the list it lands on', async () => {
    const seller = await createSeller(baseUrl);
    const productId = await createProduct(baseUrl, seller.token, {
      title: 'Old brushes',
      price: 4,
    });
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, `/products/${productId}/edit`);
      await page.getByTestId('delete-product').click();
      await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
      await expectPath(page, '/products');
      await toast(page, 'The product has been deleted.').waitFor();
      await page.getByTestId('products-empty').waitFor();
    });
  });

  it('refuses to create without files or thumbnails and names the missing parts', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/products/create');
      await page.getByTestId('submit-product').click();
      await page.getByText('Please enter a title.').waitFor();
      await page.getByText('Please enter a price.').waitFor();
      await page.getByText('Please add at least one file.').waitFor();
      await page.getByText('Please add at least one thumbnail image.').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expectPath(page, '/products');
    });
  });

  it('shows the price in won with the converted amount in Korean', async () => {
    const seller = await createSeller(baseUrl);
    const productId = await createProduct(baseUrl, seller.token, {
      title: '수채화 브러시',
      price: 10,
    });
    const rate = await latestRate(baseUrl, seller.token);
    const won = `${Math.round(10 * rate.krw).toLocaleString('ko-KR')}원`;
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, `/products/${productId}?lng=ko`);
      const converted = page.getByTestId('product-price-converted');
      await converted.waitFor();
      const text = (await converted.textContent()) ?? '';
      expect(text).toContain(won);
      expect(text).toContain(rate.date);
      expect(await page.getByTestId('product-price').textContent()).toBe('10달러');
      await page.getByRole('link', { name: '상품 목록으로' }).waitFor();
    });
  });

  it('warns beside the converted price when the exchange rate is more than a week old', async () => {
    const seller = await createSeller(baseUrl);
    const productId = await createProduct(baseUrl, seller.token, {
      title: '수채화 브러시',
      price: 10,
    });
    const rate = await latestRate(baseUrl, seller.token);
    const daysAgo = (days: number) =>
      new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    for (const [age, warned] of [
      [10, true],
      [2, false],
    ] as const) {
      await withPage(browser(), { baseUrl }, async ({ page }) => {
        // The member site has not sent a rate for `age` days.
        await page.route('**/api/products/exchange-rate/latest', (route) =>
          route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ rate: { ...rate, date: daysAgo(age) } }),
          }),
        );
        await openSignedIn(page, seller.token, `/products/${productId}?lng=ko`);
        const converted = page.getByTestId('product-price-converted');
        await converted.waitFor();
        expect(await converted.textContent()).toContain(daysAgo(age));
        const warning = page.getByTestId('rate-stale-warning');
        if (warned) {
          expect(await warning.textContent()).toBe(
            `${age}일 전 환율입니다. 실제 금액과 다를 수 있습니다.`,
          );
        } else {
          expect(await warning.count()).toBe(0);
        }
      });
    }
  });

  it('keeps the places of the converted price and the share link while they load (zh, phone)', async () => {
    const seller = await createSeller(baseUrl);
    const productId = await createProduct(baseUrl, seller.token, { title: '水彩笔刷', price: 10 });
    const today = new Date().toISOString().slice(0, 10);
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      // Dated today: a rate more than a week old adds its warning line under the price.
      const rate = await holdRequests(page, '**/api/products/exchange-rate/latest', (body) => {
        const { rate: latest } = body as { rate: Record<string, unknown> };
        return { ...(body as object), rate: { ...latest, date: today } };
      });
      const profile = await holdRequests(page, '**/api/auth/profile');
      await openSignedIn(page, seller.token, `/products/${productId}?lng=zh`);
      await page.getByTestId('product-title').waitFor();
      const place = (testId: string) => placeOf(page.getByTestId(testId));
      const layout = async () => ({
        share: await place('share-box'),
        views: await place('stat-views'),
      });
      const loading = await layout();
      rate.release();
      profile.release();
      await page.getByTestId('product-price-converted').waitFor();
      await page.getByTestId('share-link').waitFor();
      expect(await page.getByTestId('share-link').inputValue()).toContain(productId);
      expect(await layout()).toEqual(loading);
    });
  });

  it('shows cards instead of the table on a narrow screen', async () => {
    const seller = await createSeller(baseUrl);
    await createProduct(baseUrl, seller.token, { title: 'Phone layout product', price: 5 });
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/products');
      const card = page.getByTestId('product-card').filter({ hasText: 'Phone layout product' });
      await card.waitFor();
      expect(await page.getByTestId('products-table').isVisible()).toBe(false);
      await card.click();
      await page.waitForURL(/\/products\/[0-9a-f-]+$/);
      await page.getByTestId('product-title').waitFor();
    });
  });
});
