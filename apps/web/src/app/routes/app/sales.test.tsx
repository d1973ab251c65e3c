// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, recordRefund, recordSales, signUpSeller } from '@/testing/seller-api';

/** The order ids of the 25 sales, oldest first. */
let orderIds: string[] = [];

/** 25 sales: two pages of transactions (20 a page) in every period, today's included. */
beforeEach(async () => {
  await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  orderIds = await recordSales(product.id, 25);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function shownRows(): number {
  return within(screen.getByTestId('transactions-table')).queryAllByTestId('transaction-row')
    .length;
}

function shownPage(): string | null {
  return screen.getByTestId('pagination-page').textContent;
}

function pressedPeriod(): string | null {
  const filter = screen.getByTestId('period-filter');
  return within(filter).getByRole('button', { pressed: true }).textContent;
}

describe('the sales page', () => {
  it('opens on the period and the page that its URL names', async () => {
    await renderApp('/sales?period=today&page=2');
    await waitFor(() => expect(shownRows()).toBe(5));
    expect(pressedPeriod()).toBe('Today');
    expect(shownPage()).toBe('2 / 2');
  });

  it('keeps the page in the URL, and goes back to page 1 of a newly chosen period', async () => {
    const { user } = await renderApp('/sales?period=week');
    await waitFor(() => expect(shownRows()).toBe(20));
    expect(shownPage()).toBe('1 / 2');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl()).toBe('/sales?period=week&page=2'));
    await waitFor(() => expect(shownRows()).toBe(5));
    expect(shownPage()).toBe('2 / 2');

    await user.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(currentUrl()).toBe('/sales?period=month'));
    await waitFor(() => expect(shownRows()).toBe(20));
    expect(pressedPeriod()).toBe('This month');
    expect(shownPage()).toBe('1 / 2');
  });

  it("lists one day's sales when a sale mail links to it, and goes back to the period", async () => {
    // The server counts days in Asia/Seoul (UTC+9, no daylight saving).
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const { user } = await renderApp(`/sales?period=week&day=${today}`);
    await waitFor(() => expect(shownRows()).toBe(20));
    expect(shownPage()).toBe('1 / 2');
    expect(screen.getByTestId('day-filter')).toBeTruthy();
    expect(
      within(screen.getByTestId('period-filter')).queryByRole('button', { pressed: true }),
    ).toBeNull();

    await user.click(screen.getByRole('button', { name: "Show the period's sales instead" }));
    await waitFor(() => expect(currentUrl()).toBe('/sales?period=week'));
    expect(screen.queryByTestId('day-filter')).toBeNull();
    expect(pressedPeriod()).toBe('Last 7 days');
  });

  it('shows the status of each sale and what was refunded of it', async () => {
    // The newest sale refunded in full, the one before it charged back in part.
    await recordRefund(orderIds[24] ?? '', 13_800);
    await recordRefund(orderIds[23] ?? '', 5_000, 'chargeback');
    await renderApp('/sales?period=all');
    await waitFor(() => expect(shownRows()).toBe(20));
    const rows = within(screen.getByTestId('transactions-table')).getAllByTestId('transaction-row');
    const status = (index: number) => within(rows[index] as HTMLElement).getByTestId('sale-status');
    const refunded = (index: number) =>
      within(rows[index] as HTMLElement).queryByTestId('refunded-amount')?.textContent ?? null;
    expect(status(0).textContent).toBe('Refunded');
    expect(refunded(0)).toBe('₩13,800 refunded');
    expect(status(1).textContent).toBe('Partially refunded');
    expect(refunded(1)).toBe('₩5,000 refunded');
    expect(status(2).textContent).toBe('Paid');
    expect(refunded(2)).toBeNull();
    // The amount stays what the buyer paid.
    expect(within(rows[0] as HTMLElement).getByTestId('amount').textContent).toBe('₩13,800');
  });

  it('says when the sales could not be loaded, never "no transactions", and tries again', async () => {
    const fetch = globalThis.fetch;
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : String(input),
        window.location.href,
      );
      if (down && url.pathname === '/api/products/sales/transactions') {
        throw new TypeError('Failed to fetch');
      }
      return fetch(input, init);
    });
    const { user } = await renderApp('/sales?period=all');
    // The client tries three times more before the tab says so.
    const alert = await screen.findByTestId('transactions-error', {}, { timeout: 10_000 });
    expect(alert.textContent?.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('transactions-empty')).toBeNull();
    expect(screen.queryByTestId('transactions-table')).toBeNull();

    down = false;
    await user.click(screen.getByTestId('transactions-retry'));
    await waitFor(() => expect(shownRows()).toBe(20));
    expect(screen.queryByTestId('transactions-error')).toBeNull();
  }, 20_000);

  it('says when the sales by product could not be loaded, never "no products", and tries again', async () => {
    const fetch = globalThis.fetch;
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(
        input instanceof Request ? input.url : String(input),
        window.location.href,
      );
      if (down && url.pathname === '/api/products/stats/sales/by-product') {
        throw new TypeError('Failed to fetch');
      }
      return fetch(input, init);
    });
    const { user } = await renderApp('/sales?period=all');
    await user.click(await screen.findByRole('tab', { name: 'Products' }));
    // The client tries three times more before the tab says so.
    const alert = await screen.findByTestId('product-sales-error', {}, { timeout: 10_000 });
    expect(alert.textContent?.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('product-sales-empty')).toBeNull();
    expect(screen.queryByText('No products')).toBeNull();
    expect(screen.queryByTestId('product-sales-table')).toBeNull();

    down = false;
    await user.click(screen.getByTestId('product-sales-retry'));
    await waitFor(() => expect(screen.getAllByTestId('product-sales-row')).toHaveLength(1));
    expect(screen.queryByTestId('product-sales-error')).toBeNull();
  }, 20_000);

  it('shows no sales for a day without any', async () => {
    await renderApp('/sales?day=2001-01-01');
    await waitFor(() =>
      expect(screen.getAllByTestId('transactions-empty').length).toBeGreaterThan(0),
    );
    expect(shownRows()).toBe(0);
  });
});
