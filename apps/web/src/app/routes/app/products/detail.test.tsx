// @vitest-environment jsdom
import { createFileVersionEndpoint } from '@seller/contract/products/create-file-version';
import { getProductEndpoint } from '@seller/contract/products/get-product';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload/uploader';
import { renderApp } from '@/testing/render-app';
import {
  createProduct,
  pdfFile,
  recordDelivery,
  recordSales,
  signUpSeller,
} from '@/testing/seller-api';

async function productOf(productId: string) {
  return apiRequest(getProductEndpoint, { params: { id: productId } });
}

/** The rows of the file's versions once they are shown, newest first. */
async function versionRows(): Promise<HTMLElement[]> {
  const list = await screen.findByTestId('file-versions');
  return within(list).getAllByTestId('file-version');
}

describe("the product page's file versions", () => {
  it('lists each version with its changelog, downloads and how many buyers have it', async () => {
    await signUpSeller();
    const { product, files } = await createProduct('Weekly planner');
    const fileId = files[0]?.id ?? '';
    const [firstOrder, secondOrder] = await recordSales(product.id, 2);
    await recordDelivery(firstOrder ?? '', fileId);
    const update = await uploadFile(pdfFile('planner-2025.pdf'), { kind: 'file' });
    await apiRequest(createFileVersionEndpoint, {
      params: { id: product.id, fileId },
      body: { s3Key: update.s3Key, label: '2025 edition', changelog: 'Holidays added.' },
    });
    await recordDelivery(secondOrder ?? '', fileId);
    await recordDelivery(secondOrder ?? '', fileId);

    await renderApp(`/products/${product.id}`);
    const [newest, first] = await versionRows();
    if (!newest || !first) throw new Error('two versions expected');
    expect(newest.textContent).toContain('v2');
    expect(newest.textContent).toContain('2025 edition');
    expect(newest.textContent).toContain('Current');
    expect(newest.textContent).toContain('Holidays added.');
    expect(newest.textContent).toContain('planner-2025.pdf');
    expect(within(newest).getByTestId('version-downloads').textContent).toBe('Downloads: 2');
    expect(within(newest).getByTestId('version-buyers').textContent).toBe('Buyers with v2: 1 of 2');
    expect(within(first).getByTestId('version-downloads').textContent).toBe('Downloads: 1');
    expect(within(first).getByTestId('version-buyers').textContent).toBe('Buyers with v1: 1 of 2');
    expect(first.textContent).not.toContain('Current');
  });

  it('adds a new version through the usual upload, with its label and changelog', async () => {
    await signUpSeller();
    const { product, files } = await createProduct('Course workbook');
    const { user } = await renderApp(`/products/${product.id}`);
    expect(await versionRows()).toHaveLength(1);

    await user.click(screen.getByTestId('add-version'));
    // Without a file the form says what is missing and sends nothing.
    await user.click(screen.getByTestId('submit-version'));
    expect((await screen.findByTestId('add-version-error')).textContent).toBe(
      'Choose the file of the new version.',
    );
    await user.upload(screen.getByTestId('version-file'), pdfFile('workbook-v2.pdf'));
    await user.type(screen.getByTestId('version-label'), 'Second edition');
    await user.type(screen.getByTestId('version-changelog'), 'Two new chapters.');
    await user.click(screen.getByTestId('submit-version'));

    await screen.findByText('New version added.');
    await waitFor(async () => expect(await versionRows()).toHaveLength(2));
    const [newest] = await versionRows();
    expect(newest?.textContent).toContain('Second edition');
    expect(newest?.textContent).toContain('Two new chapters.');
    expect(screen.queryByTestId('add-version-form')).toBeNull();
    const { files: saved } = await productOf(product.id);
    expect(saved.find((file) => file.id === files[0]?.id)).toMatchObject({
      version: 2,
      versionLabel: 'Second edition',
      file_original_name: 'workbook-v2.pdf',
    });
  });
});

describe("the product page's stamping and samples", () => {
  it('says what stamping does and turns it on for the product', async () => {
    await signUpSeller();
    const { product } = await createProduct('Sticker sheets');
    const { user } = await renderApp(`/products/${product.id}`);
    const stamp = await screen.findByRole('checkbox', { name: 'Stamp delivered PDFs' });
    expect(
      screen.getByText(/their email and order ID along the bottom of every page/),
    ).toBeTruthy();
    expect(stamp.getAttribute('aria-checked')).toBe('false');

    await user.click(stamp);
    await screen.findByText('Delivered PDFs are now stamped.');
    expect((await productOf(product.id)).product.pdf_stamp).toBe(true);
    await waitFor(() => expect(stamp.getAttribute('aria-checked')).toBe('true'));
  });

  it('gives a file away as a sample, and refuses more than 20 sample pages before sending', async () => {
    await signUpSeller();
    const { product, files } = await createProduct('Brush pack');
    const { user } = await renderApp(`/products/${product.id}`);
    const whole = await screen.findByRole('checkbox', { name: 'Give this file away as a sample' });
    expect(screen.getByText(/it never counts as a buyer’s download/)).toBeTruthy();

    await user.click(whole);
    await screen.findByText('Samples saved.');
    const { files: saved } = await productOf(product.id);
    expect(saved.find((file) => file.id === files[0]?.id)?.is_sample).toBe(true);

    // Out of range is caught before sending.
    const pages = screen.getByTestId('sample-pages');
    await user.clear(pages);
    await user.type(pages, '21');
    await user.click(screen.getByTestId('save-sample-pages'));
    expect((await screen.findByTestId('samples-error')).textContent).toBe(
      'Enter a whole number from 0 to 20.',
    );
  });
});
