// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProductThroughForm } from '@/testing/product-form';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, signUpSeller } from '@/testing/seller-api';

/** The dashboard's product counter, as shown. */
function totalProducts(): string | null {
  return within(screen.getByTestId('stat-total-products')).getByTestId('stat-value').textContent;
}

/**
 * Well within the 30 s for which a fetched query counts as fresh: a counter that only a
 * reload would correct is still wrong when this has passed.
 */
const atOnce = { timeout: 3000 };

describe('the dashboard counters', () => {
  it('count a product created in the app as soon as the dashboard is shown again', async () => {
    await signUpSeller();
    const { user } = await renderApp('/');
    await waitFor(() => expect(totalProducts()).toBe('0'));

    await user.click(screen.getByRole('link', { name: 'New product' }));
    await createProductThroughForm(user, { title: 'Watercolor brushes', price: '12' });
    await waitFor(() => expect(currentUrl()).toBe('/products'), { timeout: 5000 });
    await within(await screen.findByTestId('products-table')).findByText('Watercolor brushes');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(totalProducts()).toBe('1'), atOnce);
  });

  it('drop a product deleted in the app as soon as the dashboard is shown again', async () => {
    await signUpSeller();
    await createProduct('Lightroom presets');
    const { user } = await renderApp('/');
    await waitFor(() => expect(totalProducts()).toBe('1'));

    await user.click(screen.getByRole('link', { name: 'Products' }));
    await screen.findByTestId('products-table');
    const [deleteButton] = screen.getAllByRole('button', { name: 'Delete: Lightroom presets' });
    if (!deleteButton) throw new Error('no delete button');
    await user.click(deleteButton);
    await user.click(await screen.findByTestId('confirm-action'));
    await screen.findByTestId('products-empty');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(totalProducts()).toBe('0'), atOnce);
  });
});
