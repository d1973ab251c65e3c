import { readFile } from 'node:fs/promises';
import type { DailySalesResponse } from '@seller/contract/sales/get-daily-sales';
import type { SalesByProductResponse } from '@seller/contract/sales/get-sales-by-product';
import type { SalesStats } from '@seller/contract/sales/get-sales-stats';
import type { TransactionsResponse } from '@seller/contract/sales/get-transactions';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, holdRequests, openSignedIn, placeOf, withPage } from './support/browser';
import { apiGet, krw, sellerWithSalesForFile } from './support/sales-data';

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const data = sellerWithSalesForFile(baseUrl, secret);

function transactions(period: string, page: number) {
  return apiGet<TransactionsResponse>(
    baseUrl,
    data().seller.token,
    `/api/products/sales/transactions?period=${period}&page=${page}&limit=20`,
  );
}

/** The order ids of the table once it shows rows (not the loading row). */
async function tableOrderIds(page: Page): Promise<string[]> {
  await page.getByTestId('transaction-row').first().waitFor();
  return page.getByTestId('order-id').allTextContents();
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

describe('/sales', () => {
  it('shows the summary of the API with net earnings beside gross', async () => {
    const stats = await apiGet<SalesStats>(
      baseUrl,
      data().seller.token,
      '/api/products/stats/sales',
    );
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales');
      await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
      for (const [id, figures] of [
        ['total', stats.totalSales],
        ['month', stats.monthlySales],
        ['today', stats.todaySales],
      ] as const) {
        const card = page.getByTestId(`summary-${id}`);
        await expect
          .poll(() => card.getByTestId('summary-amount').textContent())
          .toBe(krw(figures.amount));
        expect(await card.getByTestId('summary-count').textContent()).toBe(
          `${figures.count} transactions`,
        );
        expect(await card.getByTestId('summary-net').textContent()).toBe(
          `Net after commission: ${krw(figures.net)}`,
        );
      }
      // Transactions is the default tab.
      expect(
        await page.getByRole('tab', { name: 'Transactions' }).getAttribute('aria-selected'),
      ).toBe('true');
    });
  });

  it('keeps the places of the summary’s lines while it loads: nothing under the cards moves (phone)', async () => {
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      const stats = await holdRequests(page, '**/api/products/stats/sales');
      await openSignedIn(page, data().seller.token, '/sales');
      const today = page.getByTestId('summary-today');
      const tabs = page.getByRole('tablist');
      await expect.poll(() => today.getAttribute('aria-busy')).toBe('true');
      const loading = { card: await placeOf(today), tabs: await placeOf(tabs) };
      stats.release();
      await today.getByTestId('summary-net').waitFor();
      expect(await today.getAttribute('aria-busy')).toBe('false');
      expect({ card: await placeOf(today), tabs: await placeOf(tabs) }).toEqual(loading);
    });
  });

  it('shows a Chinese seller’s amounts once the yuan rate is here, in the places kept for them (phone)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      // Dated today: a rate more than a week old adds a warning line under the rate's note.
      const rate = await holdRequests(page, '**/api/products/exchange-rate/latest', (body) => {
        const { rate: latest } = body as { rate: Record<string, unknown> };
        return { ...(body as object), rate: { ...latest, date: today } };
      });
      const figuresAnswered = Promise.all([
        page.waitForResponse('**/api/products/stats/sales'),
        page.waitForResponse('**/api/products/sales/transactions?**'),
      ]);
      await openSignedIn(page, data().seller.token, '/sales?lng=zh');
      await figuresAnswered;
      const total = page.getByTestId('summary-total');
      const tabs = page.getByRole('tablist');
      await tabs.waitFor();
      // The figures are here and the rate is not: the amounts wait for it.
      expect(await total.getByTestId('summary-amount').textContent()).toBe('...');
      expect(await page.getByTestId('transaction-card').count()).toBe(0);
      const waiting = { card: await placeOf(total), tabs: await placeOf(tabs) };
      rate.release();
      await total.getByTestId('approx-cny').first().waitFor();
      await page.getByTestId('yuan-rate-note').waitFor();
      expect(await page.getByTestId('transaction-card').count()).toBeGreaterThan(0);
      expect({ card: await placeOf(total), tabs: await placeOf(tabs) }).toEqual(waiting);
    });
  });

  it('pages through the transactions, keeping the page in the URL', async () => {
    const [first, second, third] = await Promise.all([
      transactions('all', 1),
      transactions('all', 2),
      transactions('all', 3),
    ]);
    expect(first.pagination).toMatchObject({ total: 50, totalPages: 3 });
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales');
      expect(await tableOrderIds(page)).toEqual(first.transactions.map((t) => t.order_id));
      const firstRow = page.getByTestId('transaction-row').first();
      const sale = first.transactions[0];
      expect(await firstRow.getByTestId('amount').textContent()).toBe(
        krw(sale?.purchase_price ?? 0),
      );
      expect(await firstRow.locator('time').textContent()).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
      );
      const pagination = page.getByTestId('pagination');
      expect(await pagination.getByTestId('pagination-summary').textContent()).toBe(
        'Showing 1–20 of 50',
      );
      expect(await pagination.getByTestId('pagination-page').textContent()).toBe('1 / 3');
      expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

      await pagination.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expect
        .poll(() => tableOrderIds(page))
        .toEqual(second.transactions.map((t) => t.order_id));
      expect(await pagination.getByTestId('pagination-summary').textContent()).toBe(
        'Showing 21–40 of 50',
      );

      await pagination.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '3');
      await expect
        .poll(() => tableOrderIds(page))
        .toEqual(third.transactions.map((t) => t.order_id));
      expect(await pagination.getByTestId('pagination-summary').textContent()).toBe(
        'Showing 41–50 of 50',
      );
      expect(await pagination.getByTestId('pagination-page').textContent()).toBe('3 / 3');
      expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      await pagination.getByRole('button', { name: 'Previous' }).click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');

      // A page opened from the URL shows that page.
      await page.goto('/sales?period=all&page=3');
      await expect
        .poll(() => tableOrderIds(page))
        .toEqual(third.transactions.map((t) => t.order_id));
    });
  });

  it('switching the period updates the URL and goes back to page 1', async () => {
    const today = await transactions('today', 1);
    const month = await transactions('month', 1);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales?period=all&page=2');
      await page.getByTestId('pagination-summary').getByText('Showing 21–40 of 50').waitFor();
      const filter = page.getByTestId('period-filter');
      expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      await filter.getByRole('button', { name: 'Today' }).click();
      await page.waitForURL((url) => url.searchParams.get('period') === 'today');
      expect(searchOf(page).get('page')).toBeNull();
      await expect
        .poll(() => tableOrderIds(page))
        .toEqual(today.transactions.map((t) => t.order_id));
      expect(today.transactions).toHaveLength(data().todayCount);
      // One page only: no pagination.
      expect(await page.getByTestId('pagination').count()).toBe(0);

      await filter.getByRole('button', { name: 'This month' }).click();
      await page.waitForURL((url) => url.searchParams.get('period') === 'month');
      await expect
        .poll(() => tableOrderIds(page))
        .toEqual(month.transactions.map((t) => t.order_id));

      // Unknown periods read as all.
      await page.goto('/sales?period=forever');
      expect(await filter.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
    });
  });

  it('exports the CSV of the selected period with the rows of the table', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales?period=week');
      const orderIds = await tableOrderIds(page);
      const amounts = await page.getByTestId('amount').allTextContents();
      expect(orderIds.length).toBeGreaterThan(0);
      expect(orderIds.length).toBeLessThanOrEqual(20);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-button').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^sales-week-\d{4}-\d{2}-\d{2}\.csv$/);
      const path = await download.path();
      const text = await readFile(path, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const lines = text.slice(1).trim().split(/\r?\n/);
      const header = lines[0]?.split(',') ?? [];
      expect(header.slice(0, 6)).toEqual([
        'purchase_date',
        'order_id',
        'product_title',
        'customer_email',
        'payment_method',
        'purchase_price_krw',
      ]);
      const rows = lines.slice(1).map((line) => line.split(','));
      expect(rows.map((row) => row[1])).toEqual(orderIds);
      expect(rows.map((row) => krw(Number(row[5])))).toEqual(amounts);
    });
  });

  it('lists sales per product, with - for a product never sold', async () => {
    const byProduct = await apiGet<SalesByProductResponse>(
      baseUrl,
      data().seller.token,
      '/api/products/stats/sales/by-product',
    );
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales');
      await page.getByRole('tab', { name: 'Products' }).click();
      const rows = page.getByTestId('product-sales-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(byProduct.products.length);
      for (const product of byProduct.products) {
        const row = rows.filter({ hasText: product.title });
        expect(await row.getByTestId('sales-count').textContent()).toBe(String(product.salesCount));
        expect(await row.getByTestId('revenue').textContent()).toBe(krw(product.totalRevenue));
        const lastSale = await row.getByTestId('last-sale').textContent();
        if (product.lastSaleDate) expect(lastSale).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        else expect(lastSale).toBe('-');
      }
      expect(
        await rows.filter({ hasText: 'Unsold template' }).getByTestId('last-sale').textContent(),
      ).toBe('-');
    });
  });

  it('names the payment methods in the seller’s language, not by their codes', async () => {
    // The set-up's sales are paid by card, kakaopay and alipay, in turn.
    const names = {
      ko: ['카드', '카카오페이', '알리페이'],
      zh: ['银行卡', 'KakaoPay', '支付宝'],
      en: ['Card', 'KakaoPay', 'Alipay'],
    };
    for (const [language, expected] of Object.entries(names)) {
      await withPage(browser(), { baseUrl }, async ({ page }) => {
        await openSignedIn(page, data().seller.token, `/sales?period=all&lng=${language}`);
        await page.getByTestId('transaction-row').first().waitFor();
        const shown = new Set(await page.getByTestId('payment-method').allTextContents());
        expect([...shown].sort()).toEqual([...expected].sort());
      });
    }
  });

  it('gives Chinese sellers the yuan beside each won total, at a dated rate', async () => {
    const { token } = data().seller;
    const stats = await apiGet<SalesStats>(baseUrl, token, '/api/products/stats/sales');
    const { rate } = await apiGet<{ rate: { krw: number; cny: number; date: string } }>(
      baseUrl,
      token,
      '/api/products/exchange-rate/latest',
    );
    const yuan = Math.round((stats.totalSales.amount / rate.krw) * rate.cny * 10) / 10;
    const shown = (yuan >= 1000 ? Math.round(yuan) : yuan).toLocaleString('zh-CN', {
      maximumFractionDigits: 1,
    });
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/sales?period=all&lng=zh');
      const total = page.getByTestId('summary-total');
      await total.getByTestId('approx-cny').first().waitFor();
      expect(await total.getByTestId('summary-amount').textContent()).toBe(
        `${stats.totalSales.amount.toLocaleString('zh-CN')}韩元`,
      );
      expect(await total.getByTestId('approx-cny').first().textContent()).toBe(`约 ${shown}元`);
      expect(await page.getByTestId('yuan-rate-note').textContent()).toContain(rate.date);
    });
    // Other languages see won only.
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/sales?period=all');
      await page.getByTestId('transaction-row').first().waitFor();
      expect(await page.getByTestId('approx-cny').count()).toBe(0);
    });
  });

  it('draws the daily sales of the last 30 days in the chart tab', async () => {
    const daily = await apiGet<DailySalesResponse>(
      baseUrl,
      data().seller.token,
      '/api/products/stats/sales/daily?days=30',
    );
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/sales');
      await page.getByTestId('transaction-row').first().waitFor();
      // The chart is a separate chunk: nothing of it is on the page before the tab opens.
      expect(await page.getByTestId('sales-chart').count()).toBe(0);
      await page.getByRole('tab', { name: 'Chart' }).click();
      const chart = page.getByTestId('sales-chart');
      await chart.waitFor();
      expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
      const bars = chart.getByTestId('chart-bar');
      expect(await bars.count()).toBe(30);
      const drawn = await bars.evaluateAll((nodes) =>
        nodes.map((node) => Number(node.getAttribute('data-amount'))),
      );
      expect(drawn).toEqual(daily.dailySales.map((row) => row.amount));
      expect(await chart.getByTestId('chart-dot').count()).toBe(30);
      // Each day is a button named by its figures (no browser `title` tooltips).
      expect(await chart.locator('title').count()).toBe(0);
      const lastDay = page.getByTestId('chart-day').last();
      expect(await lastDay.getAttribute('aria-label')).toContain(
        daily.dailySales.at(-1)?.date ?? 'missing',
      );
      const total = daily.dailySales.reduce((sum, row) => sum + row.count, 0);
      expect(await page.getByTestId('chart-summary').textContent()).toContain(`${total} sales`);
    });
  });
});
