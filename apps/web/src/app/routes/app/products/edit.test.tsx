// @vitest-environment jsdom
import { getProductEndpoint } from '@seller/contract/products/get-product';
import { updateProductEndpoint } from '@seller/contract/products/update-product';
import { updateProductFileEndpoint } from '@seller/contract/products/update-product-file';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, signUpSeller } from '@/testing/seller-api';

async function downloadLimitOf(productId: string): Promise<number> {
  const { product } = await apiRequest(getProductEndpoint, { params: { id: productId } });
  return product.download_limit;
}

describe('editing a product', () => {
  it("opens on the product's download limit and saves a new one", async () => {
    await signUpSeller();
    const { product } = await createProduct('Font bundle');
    await apiRequest(updateProductEndpoint, {
      params: { id: product.id },
      body: { title: 'Font bundle', download_limit: 3 },
    });
    const { user } = await renderApp(`/products/${product.id}/edit`);
    const limit = (await screen.findByLabelText('Download limit')) as HTMLInputElement;
    expect(limit.value).toBe('3');
    expect(
      screen.getByText(
        'How many times a buyer may download each file, from 0 to 100. 0 means unlimited. A change applies to earlier sales too.',
      ),
    ).toBeTruthy();

    await user.clear(limit);
    await user.type(limit, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your changes have been saved.');
    await waitFor(() => expect(currentUrl()).toBe(`/products/${product.id}`), { timeout: 5000 });
    expect(await downloadLimitOf(product.id)).toBe(12);
  });

  it('keeps the saved limit when the field is left empty, and says why', async () => {
    await signUpSeller();
    const { product } = await createProduct('Icon set');
    const { user } = await renderApp(`/products/${product.id}/edit`);
    const limit = (await screen.findByLabelText('Download limit')) as HTMLInputElement;
    expect(limit.value).toBe('5');

    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The download limit must be a whole number from 0 (unlimited) to 100.',
      ),
    ).toBeTruthy();
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(await downloadLimitOf(product.id)).toBe(5);
  });
});

describe('the warning about PDFs sold without a sample', () => {
  it('tells a seller of PDFs without a sample that Korean buyers may withdraw after download', async () => {
    await signUpSeller();
    const { product } = await createProduct('Budget planner');
    await renderApp(`/products/${product.id}/edit`);
    const warning = await screen.findByTestId('sample-warning');
    expect(warning.textContent).toContain('Korean buyers may withdraw after downloading');
    expect(warning.textContent).toContain('(§17)');
  });

  it('says nothing once a file is offered as a sample', async () => {
    await signUpSeller();
    const { product, files } = await createProduct('Habit tracker');
    await apiRequest(updateProductFileEndpoint, {
      params: { id: product.id, fileId: files[0]?.id ?? '' },
      body: { is_sample: true },
    });
    await renderApp(`/products/${product.id}/edit`);
    await screen.findByLabelText('Download limit');
    expect(screen.queryByTestId('sample-warning')).toBeNull();
  });
});
