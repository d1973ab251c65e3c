// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { createProduct, signUpSeller } from '@/testing/seller-api';

/** A screen `wide` (48rem and up) or not, as `matchMedia` tells the app. */
function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width') ? wide : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the product list', () => {
  it('renders cards on a phone, and no table hidden behind them', async () => {
    screenIs(false);
    await signUpSeller();
    await createProduct('Watercolor brushes');
    await renderApp('/products');
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    expect(screen.queryByTestId('products-table')).toBeNull();
  });

  it('renders a table on a wide screen, and no cards hidden behind it', async () => {
    screenIs(true);
    await signUpSeller();
    await createProduct('Watercolor brushes');
    await renderApp('/products');
    expect(await screen.findAllByTestId('product-row')).toHaveLength(1);
    expect(screen.queryByTestId('products-cards')).toBeNull();
  });
});
