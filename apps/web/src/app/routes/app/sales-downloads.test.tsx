// @vitest-environment jsdom
import { randomUUID } from 'node:crypto';
import { updateProductEndpoint } from '@seller/contract/products/update-product';
import { getTransactionsEndpoint } from '@seller/contract/sales/get-transactions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { currentUrl, renderApp } from '@/testing/render-app';
import {
  createProduct,
  recordDelivery,
  recordRefund,
  recordSales,
  signUpSeller,
} from '@/testing/seller-api';

/*
 * Two sales of a product of one file (guide.pdf, five downloads per file by default): the newer
 * one downloaded twice, the older one never.
 */
let productId = '';
let orderIds: string[] = [];

beforeEach(async () => {
  await signUpSeller();
  const { product, files } = await createProduct('Lightroom presets');
  productId = product.id;
  orderIds = await recordSales(product.id, 2);
  const fileId = files[0]?.id ?? '';
  await recordDelivery(orderIds[1] ?? '', fileId);
  await recordDelivery(orderIds[1] ?? '', fileId);
});

/** The sale of `orderId` as the transactions list answers it. */
async function saleOf(orderId: string) {
  const { transactions } = await apiRequest(getTransactionsEndpoint, {
    query: { period: 'all', page: 1, limit: 20 },
  });
  const sale = transactions.find((transaction) => transaction.order_id === orderId);
  if (!sale) throw new Error(`no sale ${orderId}`);
  return sale;
}

async function tableRows(): Promise<HTMLElement[]> {
  const table = await screen.findByTestId('transactions-table');
  await waitFor(() => expect(within(table).getAllByTestId('transaction-row')).toHaveLength(2));
  return within(table).getAllByTestId('transaction-row');
}

describe('the download counts of the sales list', () => {
  it('shows each sale’s downloads against its limit, and when the last one was', async () => {
    await renderApp('/sales');
    const [newer, older] = await tableRows();
    if (!newer || !older) throw new Error('two rows expected');
    expect(within(newer).getByText('2 / 5')).toBeTruthy();
    // Read out in words rather than as a fraction.
    expect(within(newer).getByText('Downloads: 2 of 5').className).toContain('sr-only');
    expect(within(older).getByText('0 / 5')).toBeTruthy();
    // The phone's cards say the same, with the time of the last download (the table has no
    // room for it).
    expect(within(newer).queryByTestId('last-download')).toBeNull();
    const [newerCard, olderCard] = within(screen.getByTestId('transactions-cards')).getAllByTestId(
      'transaction-card',
    );
    if (!newerCard || !olderCard) throw new Error('two cards expected');
    expect(within(newerCard).getByText('2 / 5')).toBeTruthy();
    expect(within(newerCard).getByTestId('last-download').textContent).toMatch(
      /^Last: \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    );
    expect(within(olderCard).getByText('0 / 5')).toBeTruthy();
    expect(within(olderCard).queryByTestId('last-download')).toBeNull();
  });

  it('shows an unlimited product’s downloads against ∞', async () => {
    await apiRequest(updateProductEndpoint, {
      params: { id: productId },
      body: { title: 'Lightroom presets', download_limit: 0 },
    });
    await renderApp('/sales');
    const [newer] = await tableRows();
    expect(within(newer as HTMLElement).getByText('2 / ∞')).toBeTruthy();
    expect(within(newer as HTMLElement).getByText('Downloads: 2 (unlimited)')).toBeTruthy();
  });
});

describe('a sale’s page', () => {
  it('opens from the order id by keyboard, with its downloads and refunds, and goes back to the same list', async () => {
    await recordRefund(orderIds[1] ?? '', 5_000);
    const { purchase_id } = await saleOf(orderIds[1] ?? '');
    const { user } = await renderApp('/sales?period=week');
    await tableRows();
    const link = within(screen.getByTestId('transactions-table')).getByRole('link', {
      name: orderIds[1],
    });
    link.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(currentUrl()).toBe(`/sales/${purchase_id}`));
    await screen.findByRole('heading', { name: 'Sale details', level: 1 });
    expect((await screen.findByTestId('sale-order-id')).textContent).toBe(orderIds[1]);
    expect(screen.getByTestId('sale-status').textContent).toBe('Partially refunded');
    expect(screen.getByTestId('sale-product').textContent).toBe('Lightroom presets');
    expect(screen.getByTestId('refunded-amount').textContent).toBe('₩5,000 refunded');
    expect(screen.getByTestId('sale-left').textContent).toBe('₩8,800');
    expect(screen.getByTestId('sale-net').textContent).toBe('₩8,800');
    expect(screen.getByText('Net after refunds')).toBeTruthy();

    const downloads = screen.getByTestId('sale-downloads');
    await waitFor(() => expect(within(downloads).getByText('2 / 5')).toBeTruthy());
    expect(within(downloads).getByTestId('download-limit-per-file').textContent).toBe('5');
    const files = within(screen.getByTestId('deliveries-table')).getAllByTestId('delivery-file');
    expect(files.map((file) => file.textContent)).toEqual(['guide.pdf', 'guide.pdf']);

    const refunds = screen.getByTestId('sale-refunds');
    const refund = within(refunds).getByTestId('refund-row');
    expect(within(refund).getByTestId('refund-kind').textContent).toBe('Refund');
    expect(within(refund).getByTestId('refund-amount').textContent).toBe('₩5,000');

    await user.click(screen.getByRole('link', { name: 'All sales' }));
    await waitFor(() => expect(currentUrl()).toBe('/sales?period=week'));
  });

  it('shows that nothing is left of a sale charged back in full', async () => {
    await recordRefund(orderIds[0] ?? '', 13_800, 'chargeback');
    const { purchase_id } = await saleOf(orderIds[0] ?? '');
    await renderApp(`/sales/${purchase_id}`);
    expect((await screen.findByTestId('sale-status')).textContent).toBe('Refunded');
    expect(screen.getByTestId('sale-amount').textContent).toContain('₩13,800');
    expect(screen.getByTestId('refunded-amount').textContent).toBe('₩13,800 refunded');
    expect(screen.getByTestId('sale-left').textContent).toBe('₩0');
    expect(screen.getByTestId('sale-commission').textContent).toBe('₩0');
    expect(screen.getByTestId('sale-net').textContent).toBe('₩0');
    expect(screen.getByText('Left after refunds')).toBeTruthy();
    expect(screen.getByText('Net after refunds')).toBeTruthy();
    expect(screen.queryByText('Net amount')).toBeNull();
  });

  it('shows the sale’s own figures while nothing was refunded', async () => {
    const { purchase_id } = await saleOf(orderIds[0] ?? '');
    await renderApp(`/sales/${purchase_id}`);
    expect((await screen.findByTestId('sale-net')).textContent).toBe('₩13,800');
    expect(screen.getByText('Net amount')).toBeTruthy();
    expect(screen.queryByTestId('sale-left')).toBeNull();
    expect(screen.queryByTestId('refunded-amount')).toBeNull();
  });

  it('resets the downloads only once the seller confirms, and says so', async () => {
    const { purchase_id } = await saleOf(orderIds[1] ?? '');
    const { user } = await renderApp(`/sales/${purchase_id}`);
    const downloads = await screen.findByTestId('sale-downloads');
    await waitFor(() => expect(within(downloads).getByText('2 / 5')).toBeTruthy());

    await user.click(within(downloads).getByRole('button', { name: 'Reset downloads' }));
    let dialog = await screen.findByTestId('reset-downloads-dialog');
    expect(within(dialog).getByText("Reset this sale's downloads?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('reset-downloads-dialog')).toBeNull());
    expect((await saleOf(orderIds[1] ?? '')).download_count).toBe(2);

    await user.click(within(downloads).getByRole('button', { name: 'Reset downloads' }));
    dialog = await screen.findByTestId('reset-downloads-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset downloads' }));
    await screen.findByText('Downloads reset. The buyer can download the files again.');
    await waitFor(() => expect(within(downloads).getByText('0 / 5')).toBeTruthy());
    expect((await saleOf(orderIds[1] ?? '')).download_count).toBe(0);
    // The history stays; there is nothing more to reset.
    expect(
      within(screen.getByTestId('deliveries-table')).getAllByTestId('delivery-row'),
    ).toHaveLength(2);
    expect(
      (within(downloads).getByRole('button', { name: 'Reset downloads' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('says in words when the reset is refused', async () => {
    const { purchase_id } = await saleOf(orderIds[1] ?? '');
    const { user } = await renderApp(`/sales/${purchase_id}`);
    const downloads = await screen.findByTestId('sale-downloads');
    await waitFor(() => expect(within(downloads).getByText('2 / 5')).toBeTruthy());
    // Another seller signs in in this browser: the sale is not theirs, and the server says
    // not_found, as it does for a sale that is gone.
    await signUpSeller();

    await user.click(within(downloads).getByRole('button', { name: 'Reset downloads' }));
    const dialog = await screen.findByTestId('reset-downloads-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset downloads' }));
    await screen.findByText('This item was not found. It may have been deleted.');
    expect(within(downloads).getByText('2 / 5')).toBeTruthy();
  });

  it('says when a sale has no downloads and no refunds, and has nothing to reset', async () => {
    const { purchase_id } = await saleOf(orderIds[0] ?? '');
    await renderApp(`/sales/${purchase_id}`);
    const downloads = await screen.findByTestId('sale-downloads');
    await waitFor(() => expect(within(downloads).getByText('0 / 5')).toBeTruthy());
    expect(
      within(downloads).getAllByText('The buyer has not downloaded anything yet.'),
    ).toHaveLength(2);
    const reset = within(downloads).getByRole('button', { name: 'Reset downloads' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);
    expect(reset.getAttribute('aria-describedby')).toBe('reset-downloads-note');
    expect(
      within(screen.getByTestId('sale-refunds')).getAllByText('No refunds or chargebacks.'),
    ).toHaveLength(2);
  });

  it('is the not-found page for a sale that is not the seller’s', async () => {
    const { purchase_id } = await saleOf(orderIds[1] ?? '');
    await signUpSeller();
    await renderApp(`/sales/${purchase_id}`);
    await screen.findByTestId('not-found');
    expect(screen.queryByTestId('sale-detail')).toBeNull();

    await renderApp(`/sales/${randomUUID()}`);
    await screen.findByTestId('not-found');
  });
});
