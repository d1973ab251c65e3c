// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp } from '@/testing/render-app';
import {
  createProduct,
  recordPayout,
  recordRefund,
  recordSales,
  signUpSeller,
} from '@/testing/seller-api';

/*
 * Three sales of 13,800 won (no commission in a new account's first six months), one refunded
 * in full and one in part (5,000), then a payout of 20,000 won:
 *   sales 41,400 − refunds 18,800 − payouts 20,000 = 2,600 won.
 */
async function shopWithPayout() {
  await signUpSeller();
  const { product } = await createProduct('Lightroom presets');
  const [first, second] = await recordSales(product.id, 3);
  await recordRefund(first ?? '', 13_800);
  await recordRefund(second ?? '', 5_000);
  await recordPayout(20_000);
  return { second: second ?? '' };
}

function partAmount(part: string): string | null {
  return within(screen.getByTestId(`balance-${part}`)).getByTestId('part-amount').textContent;
}

describe('the payouts page', () => {
  it('shows the balance and its parts, the payout and every ledger entry', async () => {
    await shopWithPayout();
    await renderApp('/payouts');
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₩2,600'));
    expect(partAmount('sales')).toBe('₩41,400');
    expect(partAmount('commission')).toBe('₩0');
    expect(partAmount('refunds')).toBe('-₩18,800');
    expect(partAmount('payouts')).toBe('-₩20,000');
    expect(screen.queryByTestId('balance-negative')).toBeNull();

    const table = screen.getByTestId('payouts-table');
    await waitFor(() => expect(within(table).getAllByTestId('payout-row')).toHaveLength(1));
    expect(within(table).getByTestId('payout-amount').textContent).toBe('₩20,000');
    expect(within(table).getByText('Alipay')).toBeTruthy();

    const ledger = screen.getByTestId('ledger-table');
    await waitFor(() => expect(within(ledger).getAllByTestId('ledger-row')).toHaveLength(6));
    // Newest first: the payout, then the two refunds, then the three sales.
    expect(
      within(ledger)
        .getAllByTestId('ledger-row')
        .map((row) => row.dataset.type),
    ).toEqual(['payout', 'refund', 'refund', 'sale', 'sale', 'sale']);
    expect(within(ledger).getAllByTestId('ledger-balance')[0]?.textContent).toBe('₩2,600');
  });

  it('shows a balance below zero as such when a refund comes after the payout', async () => {
    const { second } = await shopWithPayout();
    await recordRefund(second, 8_800);
    await renderApp('/payouts');
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('-₩6,200'));
    expect(screen.getByTestId('balance-negative')).toBeTruthy();
    expect(partAmount('refunds')).toBe('-₩27,600');
  });

  it('filters the ledger by period, keeping it in the URL, and refuses a start after the end', async () => {
    await shopWithPayout();
    const { user } = await renderApp('/payouts?from=2001-01-01&to=2001-01-31');
    await waitFor(() => expect(screen.getAllByTestId('ledger-empty').length).toBeGreaterThan(0));

    await user.clear(screen.getByTestId('ledger-from'));
    await user.type(screen.getByTestId('ledger-from'), '2001-02-01');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The start date must not be after the end date.',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(currentUrl()).toBe('/payouts'));
    const ledger = screen.getByTestId('ledger-table');
    await waitFor(() => expect(within(ledger).getAllByTestId('ledger-row')).toHaveLength(6));
  });

  it('says so when there is nothing yet', async () => {
    await signUpSeller();
    await renderApp('/payouts');
    await waitFor(() => expect(screen.getByTestId('balance-amount').textContent).toBe('₩0'));
    expect(screen.getByTestId('last-payout').textContent).toBe('No payout yet');
    await waitFor(() => expect(screen.getAllByTestId('payouts-empty').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getAllByTestId('ledger-empty').length).toBeGreaterThan(0));
  });
});

describe("a payout's statement", () => {
  it('opens from the history and adds up from the opening to the closing balance', async () => {
    await shopWithPayout();
    const { user } = await renderApp('/payouts');
    const table = screen.getByTestId('payouts-table');
    await waitFor(() => expect(within(table).getAllByTestId('payout-row')).toHaveLength(1));
    await user.click(within(table).getByRole('link', { name: 'View statement' }));

    await waitFor(() => expect(screen.getByTestId('statement-lines')).toBeTruthy());
    expect(currentUrl()).toMatch(/^\/payouts\/[^/]+$/);
    const amount = (line: string) =>
      within(screen.getByTestId(`statement-${line}`)).getByTestId('statement-amount').textContent;
    expect(amount('opening')).toBe('₩0');
    expect(amount('sales')).toBe('₩41,400');
    expect(amount('commission')).toBe('₩0');
    expect(amount('refunds')).toBe('-₩18,800');
    expect(amount('payout')).toBe('-₩20,000');
    expect(amount('closing')).toBe('₩2,600');
    expect(screen.getByTestId('statement-sales').textContent).toContain('Sales (3)');
  });

  it('answers an unknown payout with the not-found page', async () => {
    await signUpSeller();
    await renderApp('/payouts/00000000-0000-4000-8000-000000000000');
    await waitFor(() => expect(screen.getByTestId('not-found')).toBeTruthy());
    expect(screen.queryByTestId('statement-lines')).toBeNull();
  });
});
