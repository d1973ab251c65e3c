// @vitest-environment jsdom
import { getTransactionsEndpoint } from '@seller/contract/sales/get-transactions';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { renderApp } from '@/testing/render-app';
import { createProduct, recordSales, signUpSeller } from '@/testing/seller-api';

let told = '';
let untold = '';

beforeEach(async () => {
  await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  const [withBuyer] = await recordSales(product.id, 1, {
    buyerName: '王芳',
    buyerCountry: 'CN',
    buyerLocale: 'zh',
    marketingConsent: true,
    source: 'xiaohongshu.com',
    utmCampaign: '618',
  });
  const [without] = await recordSales(product.id, 1);
  const { transactions } = await apiRequest(getTransactionsEndpoint, {
    query: { period: 'all', page: 1, limit: 20 },
  });
  const idOf = (orderId: string | undefined) =>
    transactions.find((sale) => sale.order_id === orderId)?.purchase_id ?? '';
  told = idOf(withBuyer);
  untold = idOf(without);
});

describe('the buyer on the sale page', () => {
  it('shows what the member site told of the buyer', async () => {
    await renderApp(paths.sale.href(told));
    const card = await screen.findByTestId('sale-buyer');
    expect(within(card).getByTestId('sale-buyer-name').textContent).toBe('王芳');
    expect(within(card).getByTestId('sale-buyer-country').textContent).toBe('China');
    expect(within(card).getByTestId('sale-buyer-locale').textContent).toBe('Chinese');
    expect(within(card).getByTestId('sale-buyer-consent').textContent).toBe('Agreed at checkout');
    expect(within(card).getByTestId('sale-buyer-source').textContent).toBe('xiaohongshu.com');
    expect(within(card).getByTestId('sale-buyer-campaign').textContent).toBe('618');
  });

  it('says what the shop did not tell', async () => {
    await renderApp(paths.sale.href(untold));
    const card = await screen.findByTestId('sale-buyer');
    expect(within(card).getByTestId('sale-buyer-country').textContent).toBe('Not told by the shop');
    expect(within(card).getByTestId('sale-buyer-consent').textContent).toBe('Not told by the shop');
  });
});
