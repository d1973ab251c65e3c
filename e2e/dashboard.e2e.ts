import type { ProductStats } from '@seller/contract/products/get-product-stats';
import type { SalesStats } from '@seller/contract/sales/get-sales-stats';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, openSignedIn, withPage } from './support/browser';
import { apiGet, krw, sellerWithSalesForFile } from './support/sales-data';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const data = sellerWithSalesForFile(baseUrl, secret);

describe('dashboard', () => {
  it('shows the product and sales numbers of the API, and today when there are sales today', async () => {
    const { token } = data().seller;
    const sales = await apiGet<SalesStats>(baseUrl, token, '/api/products/stats/sales');
    const products = await apiGet<ProductStats>(baseUrl, token, '/api/products/stats/products');
    expect(sales.totalSales.count).toBe(data().sales.length);
    expect(sales.todaySales.count).toBe(data().todayCount);

    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/');
      const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
      const detail = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-detail');
      await expect.poll(() => value('total-products').textContent()).toBe('3');
      expect(await value('active-products').textContent()).toBe(String(products.activeProducts));
      await expect
        .poll(() => value('total-sales').textContent())
        .toBe(krw(sales.totalSales.amount));
      expect(await detail('total-sales').textContent()).toBe(
        `${sales.totalSales.count} transactions`,
      );
      expect(await value('month-sales').textContent()).toBe(krw(sales.monthlySales.amount));
      expect(await detail('month-sales').textContent()).toBe(
        `${sales.monthlySales.count} transactions`,
      );
      const today = page.getByTestId('today-sales');
      expect(await today.getByTestId('today-amount').textContent()).toBe(
        krw(sales.todaySales.amount),
      );
      expect(await today.getByTestId('today-count').textContent()).toBe('4 transactions');

      // The four menu cards.
      const menu = page.getByTestId('menu-cards');
      for (const [name, href] of [
        ['Profile', '/profile'],
        ['Products', '/products'],
        ['New product', '/products/create'],
        ['Settlement', '/settlement'],
      ] as const) {
        expect(
          await menu.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href'),
        ).toBe(href);
      }

      // Each sales card opens /sales on its period.
      await page.getByTestId('stat-total-sales').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=all');
      await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
      await page.goBack();
      await page.getByTestId('stat-month-sales').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=month');
      await page.goBack();
      await page.getByTestId('today-details').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=today');
      expect(
        await page
          .getByTestId('period-filter')
          .getByRole('button', { name: 'Today' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
    });
  });

  it('copies the creator page link (copied for 2 s, a toast) and shares it on X', async () => {
    const { token, nickname } = data().seller;
    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openSignedIn(page, token, '/');
      const card = page.getByTestId('share-link-card');
      const link = await card.getByTestId('share-link').inputValue();
      expect(link).toMatch(new RegExp(`^https?://[^/]+/${nickname}$`));

      await card.getByRole('button', { name: 'Copy link' }).click();
      await card.getByRole('button', { name: 'Copied' }).waitFor();
      await page.getByText('Link copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await card.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5_000 });

      const twitter = card.getByRole('link', { name: 'Share on X' });
      expect(await twitter.getAttribute('target')).toBe('_blank');
      expect(await twitter.getAttribute('rel')).toContain('noopener');
      const href = new URL((await twitter.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
      expect(href.searchParams.get('url')).toBe(link);
      expect(href.searchParams.get('text')).toBeTruthy();
    });
  });

  it('has no today card and zero figures for a seller without sales', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
      await expect.poll(() => value('total-sales').textContent()).toBe('₩0');
      expect(await value('total-products').textContent()).toBe('0');
      expect(await page.getByTestId('today-sales').count()).toBe(0);
      await page.getByTestId('share-link-card').waitFor();
    });
  });
});
