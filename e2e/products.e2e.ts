import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createProduct, type SellerCenterClient, succeeded } from './support/api';
import { pdfBytes, sha256, tinyPng } from './support/files';
import { expect, test } from './support/fixtures';
import { datedToday, expectNothingMoves, holdRequests } from './support/hold-requests';

/** A toast (sonner) that says `text`. */
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const productDetail = (api: SellerCenterClient, id: string) =>
  succeeded(api.GET('/api/products/{id}', { params: { path: { id } } }));

test.describe('products', () => {
  test('creates, finds, shows, downloads, edits and deletes a product through the UI', async ({
    page,
    context,
    run,
    seller,
    api,
  }) => {
    const guide = pdfBytes('guide');
    const extras = pdfBytes('extras');
    const bonus = pdfBytes('bonus');

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.baseUrl });
    await page.goto('/products');
    await expect(page.getByTestId('products-empty')).toBeVisible();
    await expect(page.getByTestId('product-search')).toHaveCount(0);

    // Create: two files and two thumbnails through the dropzones.
    await page.getByTestId('create-product').click();
    await expect(page).toHaveURL((url) => url.pathname === '/products/create');
    await page.getByLabel('Title').fill('Watercolor Brush Pack');
    await page.getByLabel('Description').fill('Forty brushes for PROCREATE painters.');
    const price = page.getByLabel('Price (USD)');
    await price.fill('0');
    await expect(price).toHaveValue('');
    await price.fill('12a');
    await expect(price).toHaveValue('12');
    await expect(page.getByTestId('price-preview').getByText(/₩/)).toBeVisible();

    await page.getByTestId('file-dropzone-input').setInputFiles([
      { name: 'guide.pdf', mimeType: 'application/pdf', buffer: guide },
      { name: 'extras.pdf', mimeType: 'application/pdf', buffer: extras },
      { name: '.DS_Store', mimeType: 'application/octet-stream', buffer: Buffer.from('x') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not allowed') },
    ]);
    await expect(page.getByTestId('file-dropzone-errors')).toContainText('notes.txt');
    await page.getByTestId('thumbnail-dropzone-input').setInputFiles([
      { name: 'cover.png', mimeType: 'image/png', buffer: tinyPng(200, 40, 40) },
      { name: 'back.png', mimeType: 'image/png', buffer: tinyPng(40, 40, 200) },
    ]);
    await expect(page.getByTestId('pending-files').getByTestId('pending-item')).toHaveCount(2);
    await expect(page.getByTestId('pending-thumbnails').getByTestId('pending-item')).toHaveCount(2);
    // Before the upload, how much there is to send; the time left follows once it runs.
    await expect(page.getByTestId('upload-estimate')).toContainText(
      'to upload. The time left appears once the upload starts.',
    );

    await page.getByTestId('submit-product').click();
    await expect(page.getByTestId('form-success')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
    // The page it lands on confirms it too.
    await expect(toast(page, 'Your product has been created.')).toBeVisible();

    // Find it by search (title or description, case-insensitive).
    const rows = page.getByTestId('product-row');
    await expect(rows.first()).toBeVisible();
    // The product count comes from the statistics, which may arrive after the rows.
    await expect(page.getByTestId('count-total')).toHaveText('1');
    await expect(page.getByTestId('count-files')).toHaveText('2');
    await page.getByTestId('product-search').fill('procreate');
    await expect(rows.filter({ hasText: 'Watercolor Brush Pack' })).toBeVisible();
    await page.getByTestId('product-search').fill('no such thing');
    await expect(page.getByTestId('products-no-results')).toBeVisible();
    await page.getByTestId('product-search').fill('WATERCOLOR');
    const row = rows.filter({ hasText: 'Watercolor Brush Pack' });
    await expect(row.getByTestId('status-badge')).toHaveText('Active');
    await expect(row).toContainText('$12');

    // Open it.
    await row.click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f-]+$/);
    const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByTestId('product-title')).toContainText('Watercolor Brush Pack');
    await expect(page.getByTestId('product-price')).toHaveText('$12');
    await expect(page.getByTestId('stat-files')).toHaveText('2');

    // Move the carousel: arrows, dots and the strip.
    const carousel = page.getByTestId('carousel');
    await expect(carousel).toHaveAttribute('data-index', '0');
    await page.getByTestId('carousel-next').click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await page.getByTestId('carousel-next').click();
    await expect(carousel).toHaveAttribute('data-index', '0');
    await page.getByTestId('carousel-previous').click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await page.getByTestId('carousel-dot').first().click();
    await expect(carousel).toHaveAttribute('data-index', '0');
    await page.getByTestId('carousel-strip-item').nth(1).click();
    await expect(carousel).toHaveAttribute('data-index', '1');

    // Copy the share link.
    const shareLink = page.getByTestId('share-link');
    await expect(shareLink).toHaveValue(new RegExp(`/${seller.nickname}/products/${productId}$`));
    const link = await shareLink.inputValue();
    await page.getByTestId('copy-link').click();
    await expect(page.getByTestId('copy-link')).toContainText('Copied');
    await expect(page.getByText('The link has been copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const twitter = page.getByTestId('share-twitter');
    const tweet = await twitter.getAttribute('href');
    expect(tweet).toContain('https://twitter.com/intent/tweet?');
    expect(new URL(tweet ?? '').searchParams.get('url')).toBe(link);
    await expect(twitter).toHaveAttribute('rel', /noopener/);
    await expect(twitter).toHaveText('Share on X');

    // Download a file: same bytes, original name.
    const files = page.getByTestId('product-file');
    await expect(files).toHaveCount(2);
    await expect(files.first()).toContainText('#1');
    const guideRow = files.filter({ hasText: 'guide.pdf' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      guideRow.getByTestId('download-file').click(),
    ]);
    expect(download.suggestedFilename()).toBe('guide.pdf');
    expect(sha256(await readFile(await download.path()))).toBe(sha256(guide));

    // Edit: remove a file (confirmed), add one, set inactive, save, land on detail.
    await page.getByTestId('edit-product').click();
    await expect(page).toHaveURL((url) => url.pathname === `/products/${productId}/edit`);
    const existing = page.getByTestId('existing-file');
    await expect(existing.first()).toBeVisible();
    await existing.filter({ hasText: 'extras.pdf' }).getByTestId('remove-file').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByText(/cannot be undone/)).toBeVisible();
    await dialog.getByTestId('confirm-action').click();
    await expect(existing.filter({ hasText: 'extras.pdf' })).toHaveCount(0);
    await page
      .getByTestId('file-dropzone-input')
      .setInputFiles([{ name: 'bonus.pdf', mimeType: 'application/pdf', buffer: bonus }]);
    await page.getByTestId('status-inactive').click();
    await expect(page.getByText('Hidden from the member site and cannot be bought.')).toBeVisible();
    await page.getByTestId('submit-product').click();
    await expect(page.getByTestId('form-success')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === `/products/${productId}`);
    await expect(toast(page, 'Your changes have been saved.')).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Inactive');
    const names = page.getByTestId('product-file');
    await expect(names.filter({ hasText: 'guide.pdf' })).toHaveCount(1);
    await expect(names.filter({ hasText: 'bonus.pdf' })).toHaveCount(1);
    await expect(names.filter({ hasText: 'extras.pdf' })).toHaveCount(0);
    const detail = await productDetail(api, productId);
    expect(detail.product.status).toBe('inactive');
    expect(detail.files.map((file) => file.file_original_name).sort()).toEqual([
      'bonus.pdf',
      'guide.pdf',
    ]);

    // Delete it from the list: it leaves the list.
    await page.getByTestId('back-to-products').click();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
    const listed = page.getByTestId('product-row').filter({ hasText: 'Watercolor Brush Pack' });
    await listed.getByTestId('delete-product').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
    await expect(page.getByTestId('products-empty')).toBeVisible();
    await expect(toast(page, 'The product has been deleted.')).toBeVisible();
    expect((await productDetail(api, productId)).product.status).toBe('deleted');

    // A deleted product still opens, with editing disabled.
    await page.goto(`/products/${productId}`);
    await expect(page.getByTestId('deleted-notice')).toBeVisible();
    await expect(page.getByTestId('edit-product')).toBeDisabled();
    await page.goto(`/products/${productId}/edit`);
    await expect(page.getByTestId('deleted-cannot-edit')).toBeVisible();
    await expect(page.getByTestId('edit-product-form')).toHaveCount(0);
  });

  test('deletes a product from its edit form, confirmed on the list it lands on', async ({
    page,
    run,
    api,
  }) => {
    const productId = await createProduct(api, run.baseUrl, { title: 'Old brushes', price: 4 });
    await page.goto(`/products/${productId}/edit`);
    await page.getByTestId('delete-product').click();
    await page.getByTestId('confirm-dialog').getByTestId('confirm-action').click();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
    await expect(toast(page, 'The product has been deleted.')).toBeVisible();
    await expect(page.getByTestId('products-empty')).toBeVisible();
  });

  test('refuses to create without files or thumbnails and names the missing parts', async ({
    page,
    seller: _,
  }) => {
    await page.goto('/products/create');
    await page.getByTestId('submit-product').click();
    await expect(page.getByText('Please enter a title.')).toBeVisible();
    await expect(page.getByText('Please enter a price.')).toBeVisible();
    await expect(page.getByText('Please add at least one file.')).toBeVisible();
    await expect(page.getByText('Please add at least one thumbnail image.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/products');
  });

  test('shows the price in won with the converted amount in Korean', async ({ page, run, api }) => {
    const productId = await createProduct(api, run.baseUrl, { title: '수채화 브러시', price: 10 });
    const { rate } = await succeeded(api.GET('/api/products/exchange-rate/latest'));
    const won = `${Math.round(10 * rate.krw).toLocaleString('ko-KR')}원`;
    await page.goto(`/products/${productId}?lng=ko`);
    const converted = page.getByTestId('product-price-converted');
    await expect(converted).toContainText(won);
    await expect(converted).toContainText(rate.date);
    await expect(page.getByTestId('product-price')).toHaveText('10달러');
    await expect(page.getByRole('link', { name: '상품 목록으로' })).toBeVisible();
  });

  for (const [age, warned] of [
    [10, true],
    [2, false],
  ] as const) {
    test(`${warned ? 'warns' : 'does not warn'} beside the converted price when the exchange rate is ${age} days old (more than a week warns)`, async ({
      page,
      run,
      api,
    }) => {
      const productId = await createProduct(api, run.baseUrl, {
        title: '수채화 브러시',
        price: 10,
      });
      const { rate } = await succeeded(api.GET('/api/products/exchange-rate/latest'));
      // `age` days before today on the seller center's calendar (Asia/Seoul), where the app
      // counts a rate's age: from 15:00 UTC on, Seoul's day is already the next one.
      const dated = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
        new Date(Date.now() - age * 24 * 60 * 60 * 1000),
      );
      // The member site has not sent a rate for `age` days.
      await page.route('**/api/products/exchange-rate/latest', (route) =>
        route.fulfill({ json: { rate: { ...rate, date: dated } } }),
      );
      await page.goto(`/products/${productId}?lng=ko`);
      await expect(page.getByTestId('product-price-converted')).toContainText(dated);
      const warning = page.getByTestId('rate-stale-warning');
      if (warned) {
        await expect(warning).toHaveText(`${age}일 전 환율입니다. 실제 금액과 다를 수 있습니다.`);
      } else {
        await expect(warning).toHaveCount(0);
      }
    });
  }

  test.describe('on a phone', () => {
    test.use({ screenSize: 'phone' });

    test('keeps the places of the converted price and the share link while they load (zh)', async ({
      page,
      run,
      api,
    }) => {
      const productId = await createProduct(api, run.baseUrl, { title: '水彩笔刷', price: 10 });
      const rate = await holdRequests(page, '**/api/products/exchange-rate/latest', datedToday);
      const profile = await holdRequests(page, '**/api/auth/profile');
      await page.goto(`/products/${productId}?lng=zh`);
      await expect(page.getByTestId('product-title')).toBeVisible();
      await expectNothingMoves(page, page.getByTestId('stat-views'), async () => {
        rate.release();
        profile.release();
        await expect(page.getByTestId('product-price-converted')).toBeVisible();
        await expect(page.getByTestId('share-link')).toHaveValue(new RegExp(productId));
      });
    });

    test('shows cards instead of the table on a narrow screen', async ({ page, run, api }) => {
      await createProduct(api, run.baseUrl, { title: 'Phone layout product', price: 5 });
      await page.goto('/products');
      const card = page.getByTestId('product-card').filter({ hasText: 'Phone layout product' });
      await expect(card).toBeVisible();
      await expect(page.getByTestId('products-table')).toBeHidden();
      await card.click();
      await expect(page).toHaveURL(/\/products\/[0-9a-f-]+$/);
      await expect(page.getByTestId('product-title')).toBeVisible();
    });
  });
});
