import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { createProduct, sellerClient, signUp, succeeded } from './support/api';
import { test as base, expect, signIn } from './support/fixtures';
import { krw } from './support/sales-data';

const productCount = 1000;

interface LongList {
  token: string;
  /** The seller's products as the API lists them, after the set-up. */
  products: ProductListItem[];
}

const test = base.extend<object, { longList: LongList }>({
  /**
   * One seller with a thousand products made through the API, eight at a time; a few sold, a
   * few viewed, every tenth inactive. Made once per worker.
   */
  longList: [
    async ({ run, memberSite }, use) => {
      const seller = await signUp(run.baseUrl);
      const api = sellerClient(run.baseUrl, seller.token);
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < productCount) {
            const index = next++;
            await createProduct(api, run.baseUrl, {
              title: `Product ${String(index).padStart(4, '0')}`,
              price: 1 + ((index * 37) % 90),
            });
          }
        }),
      );
      const listed = await succeeded(api.GET('/api/products/my-products'));
      const ids = listed.products.map((product) => product.id);
      const batch = randomBytes(3).toString('hex');
      // Sales on a handful of products: the best seller by count is not the best by revenue.
      const sales: [number, number[]][] = [
        [10, [5_000, 5_000, 5_000, 5_000]],
        [20, [90_000]],
        [30, [12_000, 12_000]],
      ];
      for (const [position, amounts] of sales) {
        for (const [index, amount] of amounts.entries()) {
          await memberSite.recordPurchase({
            orderId: `LIST-${batch}-${position}-${index}`,
            productId: ids[position] ?? '',
            customerEmail: 'buyer@example.com',
            paymentMethod: 'card',
            amount,
          });
        }
      }
      await memberSite.recordViews(ids[20] ?? '', 321);
      for (const product of listed.products.filter((_, index) => index % 10 === 5)) {
        await succeeded(
          api.PUT('/api/products/{id}', {
            params: { path: { id: product.id } },
            body: { title: product.title, status: 'inactive' },
          }),
        );
      }
      const { products } = await succeeded(api.GET('/api/products/my-products'));
      await use({ token: seller.token, products });
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

// Both tests read the one long list: in one worker, so that it is made once.
test.describe.configure({ mode: 'default' });

test.beforeEach(async ({ context, run, longList }) => {
  await signIn(context, run.baseUrl, longList.token);
});

const rows = (page: Page) => page.getByTestId('product-row');
const firstTitle = (page: Page) => rows(page).first().getByTestId('product-title-link');

/** Counts the page's reads of the product list from now on. */
function listReads(page: Page): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/products/my-products') reads++;
  });
  return () => reads;
}

test.describe('/products with a thousand products', () => {
  test('shows a page at a time, quickly, and moves through the pages', async ({
    page,
    longList: { products },
  }) => {
    expect(products).toHaveLength(productCount);
    await page.goto('/products');
    await expect(rows(page).first()).toBeVisible({ timeout: 10_000 });
    // A page of rows, not a thousand: the page stays light however long the list.
    await expect(rows(page)).toHaveCount(25);
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(4000);
    await expect(page.getByTestId('products-pagination')).toContainText('Showing 1–25 of 1,000');

    await page.getByTestId('products-next').click();
    await expect(page).toHaveURL((url) => url.search === '?page=2');
    // The address changes first; the page follows in the same moment.
    await expect(page.getByTestId('products-page')).toHaveText('Page 2 of 40');
    await expect(firstTitle(page)).toHaveText(products[25]?.title ?? '');

    // Sorting the thousand again answers at once: in the page, without asking the server.
    const reads = listReads(page);
    await page.getByTestId('product-sort').selectOption('title');
    await expect(firstTitle(page)).toHaveText('Product 0000');
    expect(reads()).toBe(0);
    expect(new URL(page.url()).search).toBe('?sort=title');
  });

  test('sorts and filters from the URL, with sales, revenue and views on each row', async ({
    page,
    longList: { products },
  }) => {
    const best = products.find((product) => product.revenue === 90_000);
    const mostSold = products.find((product) => product.sales_count === 4);
    if (!best || !mostSold) throw new Error('the sales were not recorded');
    await page.goto('/products?sort=revenue');
    const top = rows(page).first();
    await expect(top.getByTestId('product-title-link')).toHaveText(best.title);
    await expect(top.getByTestId('product-revenue')).toHaveText(krw(90_000));
    await expect(top.getByTestId('product-sales')).toHaveText('1');
    await expect(top.getByTestId('product-views')).toHaveText('321');
    await expect(top.getByTestId('product-price')).toHaveText(`$${best.price}`);
    // Which amount is which: dollars for the price, won for the revenue.
    const headers = page.getByTestId('products-table').locator('th');
    await expect(headers.filter({ hasText: /^PriceUSD$/ })).toHaveCount(1);
    await expect(headers.filter({ hasText: /^RevenueKRW$/ })).toHaveCount(1);

    await page.getByTestId('product-sort').selectOption('sales');
    await expect(firstTitle(page)).toHaveText(mostSold.title);
    await expect(rows(page).first().getByTestId('product-revenue')).toHaveText(krw(20_000));

    await page.getByTestId('product-status-filter').selectOption('inactive');
    await expect(page).toHaveURL((url) => url.search === '?sort=sales&status=inactive');
    await expect(page.getByTestId('products-pagination')).toContainText('of 100');
    const badges = await rows(page).getByTestId('status-badge').allTextContents();
    expect(new Set(badges)).toEqual(new Set(['Inactive']));

    // The view survives a reload, and Back returns to the previous one.
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByTestId('product-sort')).toHaveValue('sales');
    await expect(page.getByTestId('product-status-filter')).toHaveValue('inactive');
    await page.goBack();
    await expect(page).toHaveURL((url) => url.search === '?sort=sales');
    await expect(page.getByTestId('product-status-filter')).toHaveValue('all');
    await expect(firstTitle(page)).toHaveText(mostSold.title);
  });
});
