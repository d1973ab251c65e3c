import { randomBytes } from 'node:crypto';
import type { ProductListItem } from '@seller/contract/products/list-my-products';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, openSignedIn, withPage } from './support/browser';
import { createProduct, memberSiteOf, recordPurchase } from './support/member-site';
import { sellerApi } from './support/products';
import { krw } from './support/sales-data';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const productCount = 1000;

let seller: Awaited<ReturnType<typeof createSeller>>;
let products: ProductListItem[];

/** Views of a product, as the member site reports them. */
async function recordViews(productId: string, count: number): Promise<void> {
  await memberSiteOf(baseUrl, secret).recordViews(productId, count);
}

/**
 * One seller with a thousand products made through the API, eight at a time; a few sold, a few
 * viewed, every tenth inactive.
 */
beforeAll(async () => {
  seller = await createSeller(baseUrl);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < productCount) {
        const index = next++;
        await createProduct(baseUrl, seller.token, {
          title: `Product ${String(index).padStart(4, '0')}`,
          price: 1 + ((index * 37) % 90),
        });
      }
    }),
  );
  const listed = await sellerApi<{ products: ProductListItem[] }>(
    baseUrl,
    seller.token,
    'GET',
    '/api/products/my-products',
  );
  const ids = listed.json.products.map((product) => product.id);
  const run = randomBytes(3).toString('hex');
  // Sales on a handful of products: the best seller by count is not the best by revenue.
  const sales: [number, number[]][] = [
    [10, [5_000, 5_000, 5_000, 5_000]],
    [20, [90_000]],
    [30, [12_000, 12_000]],
  ];
  for (const [position, amounts] of sales) {
    for (const [index, amount] of amounts.entries()) {
      await recordPurchase(baseUrl, secret, {
        orderId: `LIST-${run}-${position}-${index}`,
        productId: ids[position] ?? '',
        customerEmail: 'buyer@example.com',
        paymentMethod: 'card',
        amount,
      });
    }
  }
  await recordViews(ids[20] ?? '', 321);
  for (const product of listed.json.products.filter((_, index) => index % 10 === 5)) {
    const updated = await sellerApi(baseUrl, seller.token, 'PUT', `/api/products/${product.id}`, {
      title: product.title,
      status: 'inactive',
    });
    if (updated.status !== 200) throw new Error(`setting inactive failed: ${updated.status}`);
  }
  products = (
    await sellerApi<{ products: ProductListItem[] }>(
      baseUrl,
      seller.token,
      'GET',
      '/api/products/my-products',
    )
  ).json.products;
}, 240_000);

const rows = (page: Page) => page.getByTestId('product-row');
const firstTitle = (page: Page) =>
  rows(page).first().getByTestId('product-title-link').textContent();

describe('/products with a thousand products', () => {
  it('shows a page at a time, quickly, and moves through the pages', async () => {
    expect(products).toHaveLength(productCount);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      const started = Date.now();
      await openSignedIn(page, seller.token, '/products');
      await rows(page).first().waitFor();
      const shownIn = Date.now() - started;
      // A page of rows, not a thousand: the page stays light however long the list.
      expect(await rows(page).count()).toBe(25);
      expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(4000);
      expect(await page.getByTestId('products-pagination').textContent()).toContain(
        'Showing 1–25 of 1,000',
      );
      expect(shownIn).toBeLessThan(10_000);

      await page.getByTestId('products-next').click();
      await page.waitForURL((url) => url.search === '?page=2');
      // The address changes first; the page follows in the same moment.
      await expect.poll(() => page.getByTestId('products-page').textContent()).toBe('Page 2 of 40');
      expect(await firstTitle(page)).toBe(products[25]?.title);

      // Sorting the thousand again answers at once.
      const sortedAt = Date.now();
      await page.getByTestId('product-sort').selectOption('title');
      await expect.poll(() => firstTitle(page)).toBe('Product 0000');
      expect(Date.now() - sortedAt).toBeLessThan(1_500);
      expect(new URL(page.url()).search).toBe('?sort=title');
    });
  });

  it('sorts and filters from the URL, with sales, revenue and views on each row', async () => {
    const best = products.find((product) => product.revenue === 90_000);
    const mostSold = products.find((product) => product.sales_count === 4);
    if (!best || !mostSold) throw new Error('the sales were not recorded');
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/products?sort=revenue');
      await rows(page).first().waitFor();
      const top = rows(page).first();
      expect(await top.getByTestId('product-title-link').textContent()).toBe(best.title);
      expect(await top.getByTestId('product-revenue').textContent()).toBe(krw(90_000));
      expect(await top.getByTestId('product-sales').textContent()).toBe('1');
      expect(await top.getByTestId('product-views').textContent()).toBe('321');
      expect(await top.getByTestId('product-price').textContent()).toBe(`$${best.price}`);
      // Which amount is which: dollars for the price, won for the revenue.
      const headers = await page.getByTestId('products-table').locator('th').allTextContents();
      expect(headers).toEqual(expect.arrayContaining(['PriceUSD', 'RevenueKRW']));

      await page.getByTestId('product-sort').selectOption('sales');
      await expect.poll(() => firstTitle(page)).toBe(mostSold.title);
      expect(await rows(page).first().getByTestId('product-revenue').textContent()).toBe(
        krw(20_000),
      );

      await page.getByTestId('product-status-filter').selectOption('inactive');
      await page.waitForURL((url) => url.search === '?sort=sales&status=inactive');
      await expect
        .poll(() => page.getByTestId('products-pagination').textContent())
        .toContain('of 100');
      const badges = await page
        .getByTestId('product-row')
        .getByTestId('status-badge')
        .allTextContents();
      expect(new Set(badges)).toEqual(new Set(['Inactive']));

      // The view survives a reload, and Back returns to the previous one.
      await page.reload();
      await rows(page).first().waitFor();
      expect(await page.getByTestId('product-sort').inputValue()).toBe('sales');
      expect(await page.getByTestId('product-status-filter').inputValue()).toBe('inactive');
      await page.goBack();
      await page.waitForURL((url) => url.search === '?sort=sales');
      expect(await page.getByTestId('product-status-filter').inputValue()).toBe('all');
      await expect.poll(() => firstTitle(page)).toBe(mostSold.title);
    });
  });
});
