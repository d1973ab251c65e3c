import { readFile } from 'node:fs/promises';
import { succeeded } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { datedToday, expectNothingMoves, holdRequests } from './support/hold-requests';
import { krw } from './support/sales-data';

type Period = 'all' | 'today' | 'week' | 'month';

test.beforeEach(async ({ context, run, shop }) => {
  await signIn(context, run.baseUrl, shop.seller.token);
});

test.describe('/sales', () => {
  test('shows the summary of the API with net earnings beside gross', async ({ page, shop }) => {
    const stats = await succeeded(shop.api.GET('/api/products/stats/sales'));
    await page.goto('/sales');
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    for (const [id, figures] of [
      ['total', stats.totalSales],
      ['month', stats.monthlySales],
      ['today', stats.todaySales],
    ] as const) {
      const card = page.getByTestId(`summary-${id}`);
      await expect(card.getByTestId('summary-amount')).toHaveText(krw(figures.amount));
      await expect(card.getByTestId('summary-count')).toHaveText(`${figures.count} transactions`);
      await expect(card.getByTestId('summary-net')).toHaveText(
        `Net after commission: ${krw(figures.net)}`,
      );
    }
    // Transactions is the default tab.
    await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('pages through the transactions, keeping the page in the URL', async ({ page, shop }) => {
    const transactions = (period: Period, number: number) =>
      succeeded(
        shop.api.GET('/api/products/sales/transactions', {
          params: { query: { period, page: number, limit: 20 } },
        }),
      );
    const [first, second, third] = await Promise.all([
      transactions('all', 1),
      transactions('all', 2),
      transactions('all', 3),
    ]);
    expect(first.pagination).toMatchObject({ total: 50, totalPages: 3 });
    const orderIds = page.getByTestId('order-id');
    await page.goto('/sales');
    await expect(orderIds).toHaveText(first.transactions.map((t) => t.order_id));
    const firstRow = page.getByTestId('transaction-row').first();
    await expect(firstRow.getByTestId('amount')).toHaveText(
      krw(first.transactions[0]?.purchase_price ?? 0),
    );
    await expect(firstRow.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const pagination = page.getByTestId('pagination');
    const summary = pagination.getByTestId('pagination-summary');
    await expect(summary).toHaveText('Showing 1–20 of 50');
    await expect(pagination.getByTestId('pagination-page')).toHaveText('1 / 3');
    await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(orderIds).toHaveText(second.transactions.map((t) => t.order_id));
    await expect(summary).toHaveText('Showing 21–40 of 50');

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '3');
    await expect(orderIds).toHaveText(third.transactions.map((t) => t.order_id));
    await expect(summary).toHaveText('Showing 41–50 of 50');
    await expect(pagination.getByTestId('pagination-page')).toHaveText('3 / 3');
    await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');

    // A page opened from the URL shows that page.
    await page.goto('/sales?period=all&page=3');
    await expect(orderIds).toHaveText(third.transactions.map((t) => t.order_id));
  });

  test('switching the period updates the URL and goes back to page 1', async ({ page, shop }) => {
    const firstPage = (period: Period) =>
      succeeded(
        shop.api.GET('/api/products/sales/transactions', {
          params: { query: { period, page: 1, limit: 20 } },
        }),
      );
    const today = await firstPage('today');
    const month = await firstPage('month');
    const orderIds = page.getByTestId('order-id');
    await page.goto('/sales?period=all&page=2');
    await expect(page.getByTestId('pagination-summary')).toHaveText('Showing 21–40 of 50');
    const filter = page.getByTestId('period-filter');
    await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await filter.getByRole('button', { name: 'Today' }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get('period') === 'today' && !url.searchParams.has('page'),
    );
    await expect(orderIds).toHaveText(today.transactions.map((t) => t.order_id));
    expect(today.transactions).toHaveLength(shop.todayCount);
    // One page only: no pagination.
    await expect(page.getByTestId('pagination')).toHaveCount(0);

    await filter.getByRole('button', { name: 'This month' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('period') === 'month');
    await expect(orderIds).toHaveText(month.transactions.map((t) => t.order_id));

    // Unknown periods read as all.
    await page.goto('/sales?period=forever');
    await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('exports the CSV of the selected period with the rows of the table', async ({ page }) => {
    await page.goto('/sales?period=week');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    const orderIds = await page.getByTestId('order-id').allTextContents();
    const amounts = await page.getByTestId('amount').allTextContents();
    expect(orderIds.length).toBeGreaterThan(0);
    expect(orderIds.length).toBeLessThanOrEqual(20);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-button').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-week-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
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

  test('lists sales per product, with - for a product never sold', async ({ page, shop }) => {
    const byProduct = await succeeded(shop.api.GET('/api/products/stats/sales/by-product'));
    await page.goto('/sales');
    await page.getByRole('tab', { name: 'Products' }).click();
    const rows = page.getByTestId('product-sales-row');
    await expect(rows).toHaveCount(byProduct.products.length);
    for (const product of byProduct.products) {
      const row = rows.filter({ hasText: product.title });
      await expect(row.getByTestId('sales-count')).toHaveText(String(product.salesCount));
      await expect(row.getByTestId('revenue')).toHaveText(krw(product.totalRevenue));
      await expect(row.getByTestId('last-sale')).toHaveText(
        product.lastSaleDate ? /^\d{4}-\d{2}-\d{2}$/ : '-',
      );
    }
    await expect(rows.filter({ hasText: 'Unsold template' }).getByTestId('last-sale')).toHaveText(
      '-',
    );
  });

  // The set-up's sales are paid by card, kakaopay and alipay, in turn.
  for (const [language, names] of Object.entries({
    ko: ['카드', '카카오페이', '알리페이'],
    zh: ['银行卡', 'KakaoPay', '支付宝'],
    en: ['Card', 'KakaoPay', 'Alipay'],
  })) {
    test(`names the payment methods in the seller’s language, not by their codes (${language})`, async ({
      page,
    }) => {
      await page.goto(`/sales?period=all&lng=${language}`);
      const methods = page.getByTestId('payment-method');
      await expect(methods.first()).toBeVisible();
      await expect
        .poll(async () => [...new Set(await methods.allTextContents())].sort())
        .toEqual([...names].sort());
    });
  }

  test('gives Chinese sellers the yuan beside each won total, at a dated rate', async ({
    page,
    shop,
  }) => {
    const stats = await succeeded(shop.api.GET('/api/products/stats/sales'));
    const { rate } = await succeeded(shop.api.GET('/api/products/exchange-rate/latest'));
    const yuan = Math.round((stats.totalSales.amount / rate.krw) * rate.cny * 10) / 10;
    const shown = (yuan >= 1000 ? Math.round(yuan) : yuan).toLocaleString('zh-CN', {
      maximumFractionDigits: 1,
    });
    await page.goto('/sales?period=all&lng=zh');
    const total = page.getByTestId('summary-total');
    await expect(total.getByTestId('approx-cny').first()).toHaveText(`约 ${shown}元`);
    await expect(total.getByTestId('summary-amount')).toHaveText(
      `${stats.totalSales.amount.toLocaleString('zh-CN')}韩元`,
    );
    await expect(page.getByTestId('yuan-rate-note')).toContainText(rate.date);
  });

  test('gives the other languages the won only', async ({ page }) => {
    await page.goto('/sales?period=all');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    await expect(page.getByTestId('summary-total').getByTestId('summary-amount')).toHaveText(/^₩/);
    await expect(page.getByTestId('approx-cny')).toHaveCount(0);
  });

  test('draws the daily sales of the last 30 days in the chart tab', async ({ page, shop }) => {
    const daily = await succeeded(
      shop.api.GET('/api/products/stats/sales/daily', { params: { query: { days: 30 } } }),
    );
    await page.goto('/sales');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    // The chart is a separate chunk: nothing of it is on the page before the tab opens.
    await expect(page.getByTestId('sales-chart')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Chart' }).click();
    const chart = page.getByTestId('sales-chart');
    await expect(chart).toBeVisible();
    expect(await chart.evaluate((node) => node.tagName.toLowerCase())).toBe('svg');
    const bars = chart.getByTestId('chart-bar');
    await expect(bars).toHaveCount(30);
    const drawn = await bars.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-amount'))),
    );
    expect(drawn).toEqual(daily.dailySales.map((row) => row.amount));
    await expect(chart.getByTestId('chart-dot')).toHaveCount(30);
    // Each day is a button named by its figures (no browser `title` tooltips).
    await expect(chart.locator('title')).toHaveCount(0);
    await expect(page.getByTestId('chart-day').last()).toHaveAttribute(
      'aria-label',
      new RegExp(daily.dailySales.at(-1)?.date ?? 'missing'),
    );
    const total = daily.dailySales.reduce((sum, row) => sum + row.count, 0);
    await expect(page.getByTestId('chart-summary')).toContainText(`${total} sales`);
  });
});

test.describe('/sales on a phone', () => {
  test.use({ screenSize: 'phone' });

  test('keeps the places of the summary’s lines while it loads: nothing under the cards moves', async ({
    page,
  }) => {
    const stats = await holdRequests(page, '**/api/products/stats/sales');
    await page.goto('/sales');
    const today = page.getByTestId('summary-today');
    await expect(today).toHaveAttribute('aria-busy', 'true');
    await expectNothingMoves(page, page.getByRole('tablist'), async () => {
      stats.release();
      await expect(today.getByTestId('summary-net')).toBeVisible();
      await expect(today).toHaveAttribute('aria-busy', 'false');
    });
  });

  test('shows a Chinese seller’s amounts once the yuan rate is here, in the places kept for them', async ({
    page,
  }) => {
    const rate = await holdRequests(page, '**/api/products/exchange-rate/latest', datedToday);
    const figuresAnswered = Promise.all([
      page.waitForResponse('**/api/products/stats/sales'),
      page.waitForResponse('**/api/products/sales/transactions?**'),
    ]);
    await page.goto('/sales?lng=zh');
    await figuresAnswered;
    const total = page.getByTestId('summary-total');
    await expect(page.getByRole('tablist')).toBeVisible();
    // The figures are here and the rate is not: the amounts wait for it.
    await expect(total.getByTestId('summary-amount')).toHaveText('...');
    await expect(page.getByTestId('transaction-card')).toHaveCount(0);
    await expectNothingMoves(page, page.getByRole('tablist'), async () => {
      rate.release();
      await expect(total.getByTestId('approx-cny').first()).toBeVisible();
      await expect(page.getByTestId('yuan-rate-note')).toBeVisible();
      await expect(page.getByTestId('transaction-card').first()).toBeVisible();
    });
  });
});
