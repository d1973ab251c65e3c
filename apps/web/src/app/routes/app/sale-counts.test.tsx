// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';
import { createProduct, recordSales, recordViews, signUpSeller } from '@/testing/seller-api';

/** Today in Seoul, where the server counts days (UTC+9, no daylight saving). */
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** A seller with one product, viewed once and sold once today. */
beforeEach(async () => {
  await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  await recordViews([{ productId: product.id, count: 1, source: 'weibo.com', country: 'CN' }]);
  await recordSales(product.id, 1);
});

describe('a single sale', () => {
  it('reads as one transaction and one sale on the dashboard', async () => {
    await renderApp('/');
    const todayCount = await screen.findByTestId('today-count');
    await waitFor(() => expect(todayCount.textContent).toBe('1 transaction'));
    const total = screen.getByTestId('stat-total-sales');
    await waitFor(() =>
      expect(within(total).getByTestId('stat-detail').textContent).toBe('1 transaction'),
    );
    const chart = await screen.findByTestId('revenue-chart', {}, { timeout: 5000 });
    const day = within(chart.closest('figure') ?? chart).getByRole('button', {
      name: new RegExp(`^${today()}: .* \\(1 sale\\)$`),
    });
    expect(day).toBeTruthy();
    // One of the three first steps (the product) is done.
    expect(screen.getByTestId('checklist-progress').textContent).toBe('1 of 3 done');
  });

  it('reads as one transaction and one sale on the sales page and its chart', async () => {
    const { user } = await renderApp('/sales');
    for (const id of ['total', 'month', 'today']) {
      const card = await screen.findByTestId(`summary-${id}`);
      await waitFor(() =>
        expect(within(card).getByTestId('summary-count').textContent).toBe('1 transaction'),
      );
    }
    await user.click(screen.getByRole('tab', { name: 'Chart' }));
    const summary = await screen.findByTestId('chart-summary', {}, { timeout: 5000 });
    expect(summary.textContent).toMatch(/^Last 30 days: .* from 1 sale\. Best day: /);
    const tab = screen.getByTestId('chart-tab');
    expect(
      within(tab).getByRole('button', { name: new RegExp(`^${today()}: .*, 1 sale$`) }),
    ).toBeTruthy();
  });

  it('reads as one view and one sale in the analytics chart', async () => {
    await renderApp(paths.analytics.href());
    const chart = await screen.findByTestId('analytics-chart');
    await waitFor(() =>
      expect(
        within(chart).getByRole('button', {
          name: new RegExp(`^${today()}: 1 view, 1 sale, conversion 100%$`),
        }),
      ).toBeTruthy(),
    );
  });
});
