import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { type SellerCenterClient, succeeded } from './support/api';
import { pdfBytes, sha256, tinyPng } from './support/files';
import { expect, failedRequest, test } from './support/fixtures';
import type { RunSettings } from './support/run';
import { krw } from './support/sales-data';
import { upload } from './support/storefront-buyer';

/**
 * The reference storefront (examples/member-site) and the seller center together, both real:
 * a buyer's path on the storefront, and what the seller sees of it. The storefront charges
 * 1380 won per dollar (its default KRW_PER_USD).
 */

const wonPerDollar = 1380;

interface ProductForSale {
  id: string;
  title: string;
  price: number;
  fileName: string;
  bytes: Buffer;
}

/** An active product of the seller with one PDF (a Korean name) and a picture. */
async function productForSale(
  api: SellerCenterClient,
  run: RunSettings,
  { title, price, downloadLimit }: { title: string; price: number; downloadLimit: number },
): Promise<ProductForSale> {
  const fileName = `서울 여행 가이드 ${randomBytes(3).toString('hex')}.pdf`;
  const bytes = pdfBytes(randomUUID());
  const file = await upload(api, run.baseUrl, {
    name: fileName,
    type: 'application/pdf',
    bytes,
    isImage: false,
  });
  const picture = await upload(api, run.baseUrl, {
    name: 'cover.png',
    type: 'image/png',
    bytes: tinyPng(40, 120, 200),
    isImage: true,
  });
  const created = await succeeded(
    api.POST('/api/products/create', {
      body: {
        title,
        description: 'Forty pages of walks.\nMaps included.',
        price,
        download_limit: downloadLimit,
        files: [file],
        thumbnails: [picture],
      },
    }),
  );
  return { id: created.product.id, title, price, fileName, bytes };
}

/** Buys the product on the storefront's product page; answers the order id. */
async function buy(page: Page, product: ProductForSale, email: string): Promise<string> {
  await page.getByLabel('Your e-mail').fill(email);
  await page.getByRole('radio', { name: 'KakaoPay' }).check();
  await page.getByRole('button', { name: `Pay ${krw(product.price * wonPerDollar)}` }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!', level: 1 })).toBeVisible();
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(orderId).toMatch(/^order-/);
  return orderId;
}

/** Presses the file's Download button and waits for the browser's download. */
async function download(page: Page, product: ProductForSale) {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${product.fileName}` }).click();
  return downloaded;
}

// A refused form or download answers its page with 400, 403 or 409, which Chromium logs.
test.use({ allowConsoleErrors: [failedRequest(400), failedRequest(403), failedRequest(409)] });
// Headless Chromium calls itself HeadlessChrome, which the storefront leaves out as a bot: the
// buyer here is a person's browser, whose product views count.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
});

test.describe('the reference storefront', () => {
  test('takes a buyer from the creator page to the file, until the download limit', async ({
    page,
    run,
    seller,
    api,
  }) => {
    const product = await productForSale(api, run, {
      title: 'Seoul <b>walks</b> & maps',
      price: 12,
      downloadLimit: 2,
    });

    // Home → the creator page, by nickname.
    await page.goto(`${run.storefrontUrl}/`);
    await page.getByLabel('Creator’s nickname').fill(seller.nickname);
    await page.getByRole('button', { name: 'Open their page' }).click();
    await expect(page).toHaveURL(`${run.storefrontUrl}/${seller.nickname}`);
    await expect(page.getByRole('heading', { name: seller.nickname, level: 1 })).toBeVisible();

    // The seller's text is shown as written, never as markup.
    const card = page.getByRole('listitem').filter({ hasText: product.title });
    await expect(card.getByRole('heading', { name: product.title })).toBeVisible();
    await expect(card).toContainText(`$12 ${krw(12 * wonPerDollar)}`);
    await expect(page.locator('main b')).toHaveCount(0);
    // The picture comes from the seller center, and shows.
    await expect
      .poll(() => card.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(4);

    // The product page, with its file.
    await card.getByRole('link').click();
    await expect(page).toHaveURL(`${run.storefrontUrl}/${seller.nickname}/products/${product.id}`);
    await expect(page.getByRole('heading', { name: product.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: product.fileName })).toContainText(
      'PDF',
    );

    // Buy: the download page.
    await buy(page, product, 'buyer@example.com');
    await expect(page.getByText('paid with KakaoPay')).toBeVisible();

    // The file arrives under its own name, with its exact bytes, twice.
    for (const time of [1, 2]) {
      const file = await download(page, product);
      expect(file.suggestedFilename()).toBe(product.fileName);
      expect(sha256(await readFile(await file.path()))).toBe(sha256(product.bytes));
      await page.reload();
      await expect(page.getByText(`${time} of 2 downloads used`)).toBeVisible();
    }

    // The third time: the limit, in words.
    await page.getByRole('button', { name: `Download ${product.fileName}` }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Download limit reached: you have used all 2 downloads of “${product.fileName}”. The seller can give you more.`,
    );
  });

  test('tells the buyer when the order was refunded', async ({
    page,
    run,
    seller,
    api,
    memberSite,
  }) => {
    const product = await productForSale(api, run, {
      title: 'Busan food map',
      price: 5,
      downloadLimit: 5,
    });
    await page.goto(`${run.storefrontUrl}/${seller.nickname}/products/${product.id}`);
    const orderId = await buy(page, product, 'refund@example.com');

    await memberSite.recordRefund({
      refundId: `refund-${orderId}`,
      orderId,
      amount: product.price * wonPerDollar,
    });
    await page.getByRole('button', { name: `Download ${product.fileName}` }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This order was refunded, so its files can no longer be downloaded.',
    );
  });

  test('refuses a buyer address the seller center would refuse, without an order', async ({
    page,
    run,
    seller,
    api,
  }) => {
    const product = await productForSale(api, run, {
      title: 'Jeju notes',
      price: 3,
      downloadLimit: 5,
    });
    await page.goto(`${run.storefrontUrl}/${seller.nickname}/products/${product.id}`);
    // The browser's own check would stop the form first; the storefront checks again.
    await page.getByLabel('Your e-mail').evaluate((input: HTMLInputElement) => {
      input.type = 'text';
    });
    await page.getByLabel('Your e-mail').fill('not an address');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
    const sales = await succeeded(api.GET('/api/products/sales/transactions'));
    expect(sales.transactions).toEqual([]);
  });
});

test.describe('the storefront and the seller center together', () => {
  test('a purchase on the storefront shows on the dashboard and the sales page, and its downloads count', async ({
    page,
    run,
    seller,
    api,
  }) => {
    const product = await productForSale(api, run, {
      title: 'Gangnam café guide',
      price: 12,
      downloadLimit: 5,
    });
    const amount = krw(12 * wonPerDollar);

    // The seller's share link opens the creator page on the member site's side.
    await page.goto('/');
    const shareLink = await page.getByTestId('share-link-card').getByRole('textbox').inputValue();
    await page.goto(`${run.storefrontUrl}${new URL(shareLink).pathname}`);
    await expect(page.getByRole('heading', { name: seller.nickname, level: 1 })).toBeVisible();

    await page.getByRole('link', { name: product.title }).click();
    const orderId = await buy(page, product, 'dashboard@example.com');

    // The product page's visit reaches the seller as a view (the storefront sends views each second).
    await expect
      .poll(async () => {
        const { products } = await succeeded(api.GET('/api/products/my-products'));
        return products.find((row) => row.id === product.id)?.view_count;
      })
      .toBeGreaterThanOrEqual(1);

    // The dashboard and the sales page show the sale.
    await page.goto('/');
    await expect(page.getByTestId('stat-total-sales').getByTestId('stat-value')).toHaveText(amount);
    await expect(page.getByTestId('latest-sale').first()).toContainText(product.title);
    await expect(page.getByTestId('latest-sale').first()).toContainText(amount);
    await page.goto('/sales');
    const row = page.getByTestId('transaction-row').filter({ hasText: orderId });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('amount')).toHaveText(amount);

    // The buyer downloads: the sale's download count moves on the seller's sales page.
    const downloads = row.getByTestId('download-count-value');
    await expect(downloads).toContainText('Downloads: 0 of 5');
    await page.goto(`${run.storefrontUrl}/my-orders/${orderId}`);
    const file = await download(page, product);
    expect(file.suggestedFilename()).toBe(product.fileName);
    await page.goto('/sales');
    await expect(downloads).toContainText('Downloads: 1 of 5');
  });

  test('the seller resets the downloads of a buyer who reached the limit, and the buyer downloads again', async ({
    page,
    run,
    seller,
    api,
  }) => {
    const product = await productForSale(api, run, {
      title: 'Daegu sketchbook',
      price: 4,
      downloadLimit: 1,
    });
    await page.goto(`${run.storefrontUrl}/${seller.nickname}/products/${product.id}`);
    const orderId = await buy(page, product, 'again@example.com');
    await download(page, product);
    await page.getByRole('button', { name: `Download ${product.fileName}` }).click();
    await expect(page.getByRole('alert')).toContainText('Download limit reached');

    // The seller's page of that sale: one download of the file, and the reset.
    const { transactions } = await succeeded(api.GET('/api/products/sales/transactions'));
    const sale = transactions.find((row) => row.order_id === orderId);
    if (!sale) throw new Error(`no sale for ${orderId}`);
    await page.goto(`/sales/${sale.purchase_id}`);
    const downloads = page.getByTestId('sale-downloads');
    await expect(downloads.getByTestId('delivery-file').first()).toHaveText(product.fileName);
    await downloads.getByTestId('reset-downloads').click();
    await page.getByTestId('reset-downloads-confirm').click();
    await expect(
      page.getByText('Downloads reset. The buyer can download the files again.'),
    ).toBeVisible();

    // Back on the storefront, the file comes again.
    await page.goto(`${run.storefrontUrl}/my-orders/${orderId}`);
    const again = await download(page, product);
    expect(again.suggestedFilename()).toBe(product.fileName);
  });
});
