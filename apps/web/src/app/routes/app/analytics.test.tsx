// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, recordSales, recordViews, signUpSeller } from '@/testing/seller-api';

describe('the analytics screen', () => {
  beforeEach(async () => {
    await signUpSeller();
  });

  it('shows views, sales and conversion by product, source, campaign and country', async () => {
    const { product } = await createProduct('Lightroom presets');
    await recordViews([
      {
        productId: product.id,
        count: 8,
        source: 'm.search.naver.com',
        utmCampaign: 'spring',
        country: 'KR',
      },
      { productId: product.id, count: 2, source: 'weibo.com', country: 'CN' },
    ]);
    await recordSales(product.id, 2, {
      source: 'naver.com',
      utmCampaign: 'spring',
      buyerCountry: 'KR',
    });

    await renderApp(paths.analytics.href());
    await waitFor(() => expect(screen.getByTestId('total-views').textContent).toBe('10'));
    expect(screen.getByTestId('total-sales').textContent).toBe('2');
    expect(screen.getByTestId('total-conversion').textContent).toBe('20%');
    expect(screen.getByTestId('conversion-chart')).toBeTruthy();

    const bySource = screen.getByTestId('analytics-source');
    const sourceRows = await within(bySource).findAllByTestId('analytics-row');
    expect(sourceRows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Naver',
      'Weibo',
    ]);
    expect(within(sourceRows[0] as HTMLElement).getByText('25%')).toBeTruthy();
    const byProduct = screen.getByTestId('analytics-product');
    expect(await within(byProduct).findAllByText('Lightroom presets')).toHaveLength(2);
    const byCountry = screen.getByTestId('analytics-country');
    expect(await within(byCountry).findAllByText('South Korea')).toHaveLength(2);
    // Phones get the same rows as cards.
    const byCampaign = screen.getByTestId('analytics-campaign');
    expect(await within(byCampaign).findAllByTestId('analytics-card')).toHaveLength(2);
    expect(within(byCampaign).getAllByText('No campaign').length).toBeGreaterThan(0);
  });

  it('shows the ten leading rows of a table, and all of them when asked', async () => {
    const { product } = await createProduct('Brush pack');
    // Twelve campaigns, the first with the most views.
    await recordViews(
      Array.from({ length: 12 }, (_, n) => ({
        productId: product.id,
        count: 30 - n,
        utmCampaign: `campaign-${String(n + 1).padStart(2, '0')}`,
      })),
    );
    const { user } = await renderApp(paths.analytics.href());
    const byCampaign = screen.getByTestId('analytics-campaign');
    const labels = async () =>
      (await within(byCampaign).findAllByTestId('analytics-row')).map(
        (row) => row.querySelector('td')?.textContent,
      );
    await waitFor(async () => expect(await labels()).toHaveLength(10));
    expect((await labels())[0]).toBe('campaign-01');
    expect(within(byCampaign).getAllByTestId('analytics-card')).toHaveLength(10);
    // Sources and countries have one row each: no button there.
    expect(screen.queryByTestId('analytics-source-all')).toBeNull();

    const toggle = within(byCampaign).getByTestId('analytics-campaign-all');
    expect(toggle.textContent).toBe('Show all 12');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect((await labels()).slice(-2)).toEqual(['campaign-11', 'campaign-12']);
    expect(within(byCampaign).getAllByTestId('analytics-card')).toHaveLength(12);
    expect(toggle.textContent).toBe('Show the top 10');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(await labels()).toHaveLength(10);
  });

  it('says when a period has no traffic, and keeps the period picked in the address', async () => {
    const { user } = await renderApp(paths.analytics.href());
    expect(
      (await screen.findAllByText('No views or sales in this period.')).length,
    ).toBeGreaterThan(0);
    expect(screen.getByTestId('total-conversion').textContent).toBe('–');
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(currentUrl()).toBe('/analytics?days=90'));
    expect(screen.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('is reached from the dashboard and the navigation', async () => {
    await renderApp(paths.home.href());
    const link = await screen.findByTestId('revenue-analytics-link');
    expect(link.getAttribute('href')).toBe(paths.analytics.href());
    expect(screen.getAllByRole('link', { name: 'Analytics' }).length).toBeGreaterThan(0);
  });
});
