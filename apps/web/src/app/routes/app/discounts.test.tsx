// @vitest-environment jsdom

import { archiveDiscountEndpoint } from '@seller/contract/discounts/archive-discount';
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

  describe('making single-use codes', () => {
    /** /discounts with one code, its form of single-use codes open in the table. */
    async function openBulkForm() {
      await signUpSeller();
      const discount = await createDiscount({ code: 'BULK', kind: 'percent', percent: 10 });
      const view = await renderApp('/discounts');
      const table = await screen.findByTestId('discounts-table');
      await view.user.click(await within(table).findByTestId('bulk-codes-button'));
      const form = within(table).getByTestId('bulk-codes-form');
      return {
        ...view,
        discount,
        table,
        form,
        count: within(form).getByLabelText('How many'),
        prefix: within(form).getByLabelText('Prefix (optional)'),
        submit: within(form).getByRole('button', { name: 'Make codes' }),
      };
    }

    /** The text a control's aria-describedby points to. */
    function description(control: HTMLElement): string | null | undefined {
      const id = control.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : null;
    }

    it('says what is wrong under the field it is about', async () => {
      const { user, count, prefix, submit } = await openBulkForm();
      await user.type(prefix, 'no spaces');
      await user.click(submit);
      await waitFor(() => expect(prefix.getAttribute('aria-invalid')).toBe('true'));
      expect(description(prefix)).toBe('A prefix has 1 to 12 letters A–Z, digits, _ or -.');
      expect(count.getAttribute('aria-invalid')).toBeNull();
      expect(count.getAttribute('aria-describedby')).toBeNull();

      await user.clear(count);
      await user.type(count, '0');
      await user.clear(prefix);
      await user.click(submit);
      await waitFor(() => expect(count.getAttribute('aria-invalid')).toBe('true'));
      expect(description(count)).toBe('Make from 1 to 5,000 codes at a time.');
      expect(prefix.getAttribute('aria-invalid')).toBeNull();
      expect(prefix.getAttribute('aria-describedby')).toBeNull();
    });

    it("puts the server's refusal under the whole form, not under a field", async () => {
      const { user, discount, form, count, prefix, submit } = await openBulkForm();
      // Archived elsewhere meanwhile: the server refuses new codes for it.
      await apiRequest(archiveDiscountEndpoint, { params: { id: discount.id } });
      await user.click(submit);
      const error = await within(form).findByTestId('bulk-codes-error');
      expect(error.textContent?.length).toBeGreaterThan(0);
      expect(form.getAttribute('aria-describedby')).toBe(error.id);
      expect(count.getAttribute('aria-invalid')).toBeNull();
      expect(prefix.getAttribute('aria-invalid')).toBeNull();
    });

    it('writes the number of codes made with its thousands separated', async () => {
      const { user, table, count, submit } = await openBulkForm();
      await user.clear(count);
      await user.type(count, '1200');
      await user.click(submit);
      await screen.findByText('Codes made: 1,200.');
      await waitFor(() =>
        expect(within(table).getByTestId('export-codes-button').textContent).toBe(
          'Export codes (1,200)',
        ),
      );
    }, 60_000);
  });
});
