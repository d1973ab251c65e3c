// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, recordSales, signUpSeller } from '@/testing/seller-api';

beforeEach(async () => {
  await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  await recordSales(product.id, 1, {
    customerEmail: 'wang@example.cn',
    buyerName: '王芳',
    buyerCountry: 'CN',
    buyerLocale: 'zh',
    marketingConsent: true,
  });
  await recordSales(product.id, 1, { customerEmail: 'kim@example.kr', buyerCountry: 'KR' });
});

async function tableRows(count: number): Promise<HTMLElement[]> {
  const table = await screen.findByTestId('customers-table');
  await waitFor(() => expect(within(table).getAllByTestId('customer-row')).toHaveLength(count));
  return within(table).getAllByTestId('customer-row');
}

describe('the customers screen', () => {
  it('lists the buyers, newest first, on wide screens and phones alike', async () => {
    await renderApp(paths.customers.href());
    const [kim, wang] = await tableRows(2);
    expect(within(kim as HTMLElement).getByText('kim@example.kr')).toBeTruthy();
    expect(within(wang as HTMLElement).getByText('王芳')).toBeTruthy();
    expect(within(wang as HTMLElement).getByText('China')).toBeTruthy();
    expect(within(wang as HTMLElement).getByTestId('consent-badge').textContent).toBe('News: yes');
    const cards = screen.getByTestId('customers-cards');
    expect(within(cards).getAllByTestId('customer-card')).toHaveLength(2);
  });

  it('filters by country and keeps the filter in the URL', async () => {
    await renderApp(paths.customers.href());
    await tableRows(2);
    fireEvent.change(screen.getByTestId('customers-country'), { target: { value: 'KR' } });
    const [only] = await tableRows(1);
    expect(within(only as HTMLElement).getByText('kim@example.kr')).toBeTruthy();
    expect(currentUrl()).toContain('country=KR');
  });

  it('says so when no buyer matches', async () => {
    await renderApp(paths.customers.href('consent=withdrawn'));
    expect(await screen.findAllByTestId('customers-empty')).not.toHaveLength(0);
  });

  it('opens a buyer with their sales, and a sale leads back to its buyer', async () => {
    await renderApp(paths.customers.href());
    const [, wang] = await tableRows(2);
    fireEvent.click(within(wang as HTMLElement).getByText('王芳'));
    const detail = await screen.findByTestId('customer-detail');
    expect(within(detail).getByTestId('customer-email').textContent).toBe('wang@example.cn');
    expect(within(detail).getByTestId('customer-locale').textContent).toBe('Chinese');
    const table = within(detail).getByTestId('customer-sales-table');
    const [sale] = within(table).getAllByTestId('customer-sale-row');
    fireEvent.click(within(sale as HTMLElement).getByText('View sale'));
    const link = await screen.findByTestId('sale-customer-link');
    fireEvent.click(link);
    expect(await screen.findByTestId('customer-detail')).toBeTruthy();
  });
});
