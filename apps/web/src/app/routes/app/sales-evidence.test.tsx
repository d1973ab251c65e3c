// @vitest-environment jsdom
import { getTransactionsEndpoint } from '@seller/contract/sales/get-transactions';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fetchEvidencePdf } from '@/features/sales/api/get-sale-evidence-pdf';
import { apiRequest } from '@/lib/api-client';
import { renderApp } from '@/testing/render-app';
import {
  createProduct,
  recordDelivery,
  recordRefund,
  recordSales,
  signUpSeller,
} from '@/testing/seller-api';

/* One product of one file (guide.pdf), two sales: the newer one downloaded twice and partly refunded. */
let orderIds: string[] = [];

beforeEach(async () => {
  await signUpSeller();
  const { product, files } = await createProduct('Lettering course');
  orderIds = await recordSales(product.id, 2);
  const fileId = files[0]?.id ?? '';
  await recordDelivery(orderIds[1] ?? '', fileId);
  await recordDelivery(orderIds[1] ?? '', fileId);
  await recordRefund(orderIds[1] ?? '', 3_000);
});

async function purchaseIdOf(orderId: string): Promise<string> {
  const { transactions } = await apiRequest(getTransactionsEndpoint, {
    query: { period: 'all', page: 1, limit: 20 },
  });
  const sale = transactions.find((transaction) => transaction.order_id === orderId);
  if (!sale) throw new Error(`no sale ${orderId}`);
  return sale.purchase_id;
}

describe("the sale page's delivery evidence", () => {
  it('opens the sheet on demand: every delivery with its version and hash, the refunds', async () => {
    const { user } = await renderApp(`/sales/${await purchaseIdOf(orderIds[1] ?? '')}`);
    const card = await screen.findByTestId('sale-evidence');
    // Asked for only when the seller opens it.
    expect(within(card).queryByTestId('evidence-sheet')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Show evidence sheet' }));

    const sheet = await within(card).findByTestId('evidence-sheet');
    const deliveries = within(sheet).getAllByTestId('evidence-delivery');
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.textContent).toContain('guide.pdf');
      expect(delivery.textContent).toContain('v1');
      expect(delivery.textContent).toMatch(/SHA-256 [0-9a-f]{64}/);
    }
    expect(within(sheet).getByTestId('evidence-never').textContent).toBe('None');
    expect(within(sheet).getByTestId('evidence-refunds').textContent).toContain('₩3,000');
    expect(within(sheet).getByTestId('evidence-samples').textContent).toBe('None');
    expect(within(sheet).getByTestId('evidence-hash').textContent).toMatch(/^[0-9a-f]{64}$/);
    // The printable sheet in each language it is written in.
    for (const name of ['한국어', '中文', 'English']) {
      expect(
        within(sheet).getByRole('button', {
          name: `Download the evidence sheet as a PDF in ${name}`,
        }),
      ).toBeTruthy();
    }
  });

  it('fetches the printable sheet as a PDF named after the order', async () => {
    const pdf = await fetchEvidencePdf({
      purchaseId: await purchaseIdOf(orderIds[1] ?? ''),
      language: 'ko',
    });
    expect(pdf.fileName).toBe(`evidence-${orderIds[1]}.pdf`);
    expect(pdf.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode(await pdf.blob.slice(0, 5).arrayBuffer())).toBe('%PDF-');
  });

  it('names the files a buyer never downloaded', async () => {
    const { user } = await renderApp(`/sales/${await purchaseIdOf(orderIds[0] ?? '')}`);
    await user.click(await screen.findByRole('button', { name: 'Show evidence sheet' }));
    const sheet = await screen.findByTestId('evidence-sheet');
    expect(within(sheet).getByTestId('evidence-never').textContent).toBe('guide.pdf');
    expect(within(sheet).getByTestId('evidence-first').textContent).toBe('Never delivered');
    expect(within(sheet).getByTestId('evidence-deliveries-empty')).toBeTruthy();
  });
});
