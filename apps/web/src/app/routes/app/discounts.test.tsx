// @vitest-environment jsdom

import { getTransactionsEndpoint } from '@seller/contract/sales/get-transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { currentUrl, renderApp } from '@/testing/render-app';
import {
  createDiscount,
  createProduct,
  recordDiscountedSale,
  signUpSeller,
} from '@/testing/seller-api';

describe('the discount codes', () => {
  it('creates a code with the price a buyer pays shown live, then lists it as active', async () => {
    await signUpSeller();
    await createProduct('Seoul walks');
    const { user } = await renderApp('/discounts/new');
    const code = await screen.findByTestId('discount-code');
    await user.type(code, 'spring15');
    expect((code as HTMLInputElement).value).toBe('SPRING15');
    await user.type(screen.getByTestId('discount-value'), '15');
    await user.type(screen.getByTestId('preview-price'), '9999');
    await waitFor(() => expect(screen.getByTestId('preview-pays').textContent).toBe('₩8,500'));

    // A fixed amount larger than the price gives a free copy.
    await user.click(screen.getByTestId('discount-kind-fixed'));
    await user.clear(screen.getByTestId('discount-value'));
    await user.type(screen.getByTestId('discount-value'), '20000');
    await waitFor(() => expect(screen.getByTestId('preview-pays').textContent).toBe('₩0'));

    await user.click(screen.getByTestId('discount-save'));
    await waitFor(() => expect(currentUrl()).toBe('/discounts'));
    const table = await screen.findByTestId('discounts-table');
    await waitFor(() => expect(within(table).getAllByTestId('discount-row')).toHaveLength(1));
    const row = within(table).getByTestId('discount-row');
    expect(row.textContent).toContain('SPRING15');
    expect(within(row).getByTestId('discount-status').textContent).toBe('Active');
    // Typing every field of the form takes a while on a busy machine.
  }, 60_000);

  it('refuses a code of two letters under its field', async () => {
    await signUpSeller();
    const { user } = await renderApp('/discounts/new');
    await user.type(await screen.findByTestId('discount-code'), 'AB');
    await user.type(screen.getByTestId('discount-value'), '10');
    await user.click(screen.getByTestId('discount-save'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'A code has 3 to 32 letters A–Z, digits, _ or -.',
      ),
    );
    expect(currentUrl()).toBe('/discounts/new');
  });

  it("shows each code's uses, revenue and discount given, and archives it", async () => {
    await signUpSeller();
    const { product } = await createProduct('Film presets');
    await createDiscount({ code: 'REVIEW', kind: 'fixed', amount: 3000 });
    await recordDiscountedSale(product.id, {
      discountCode: 'review',
      listAmount: 13_800,
      amount: 10_800,
    });
    const { user } = await renderApp('/discounts');
    const table = await screen.findByTestId('discounts-table');
    await waitFor(() => expect(within(table).getAllByTestId('discount-row')).toHaveLength(1));
    const row = within(table).getByTestId('discount-row');
    expect(row.textContent).toContain('REVIEW');
    // Uses 1, revenue ₩10,800, discount given ₩3,000.
    expect(row.textContent).toContain('₩10,800');
    expect(row.textContent).toContain('₩3,000');

    await user.click(within(row).getByTestId('archive-button'));
    await user.click(await screen.findByTestId('archive-confirm'));
    await waitFor(() => expect(screen.getAllByText('No discount codes here yet.').length).toBe(2));
    await user.click(screen.getByTestId('discount-filter-archived'));
    await waitFor(() => expect(currentUrl()).toBe('/discounts?status=archived'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('discounts-table')).getByTestId('discount-status').textContent,
      ).toBe('Archived'),
    );
  });

  it('shows the code, what it took off and a sale over its limits on the sale page', async () => {
    await signUpSeller();
    const { product } = await createProduct('Night photos');
    await createDiscount({ code: 'ONCE', kind: 'percent', percent: 20, maxUses: 1 });
    await recordDiscountedSale(product.id, {
      discountCode: 'once',
      listAmount: 10_000,
      amount: 8_000,
    });
    // No use was held for this one and the code is used up: recorded all the same.
    const orderId = await recordDiscountedSale(product.id, {
      discountCode: 'once',
      listAmount: 10_000,
      amount: 8_000,
    });
    const { transactions } = await apiRequest(getTransactionsEndpoint, {
      query: { period: 'all', page: 1, limit: 20 },
    });
    const sale = transactions.find((transaction) => transaction.order_id === orderId);
    await renderApp(`/sales/${sale?.purchase_id ?? ''}`);
    const discount = await screen.findByTestId('sale-discount');
    expect(discount.textContent).toContain('ONCE');
    expect(discount.textContent).toContain('₩2,000 off');
    expect(discount.textContent).toContain('beyond the code’s limits');
  });
});
