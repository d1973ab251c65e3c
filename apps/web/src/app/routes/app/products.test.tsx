// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
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
  it.each([
    { layout: 'cards on a phone', wide: false, shown: 'product-card', absent: 'products-table' },
    {
      layout: 'a table on a wide screen',
      wide: true,
      shown: 'product-row',
      absent: 'products-cards',
    },
  ])('renders $layout, and not the other layout hidden behind it', async (screenCase) => {
    screenIs(screenCase.wide);
    await signUpSeller();
    await createProduct('Watercolor brushes');
    await renderApp('/products');
    expect(await screen.findAllByTestId(screenCase.shown)).toHaveLength(1);
    expect(screen.queryByTestId(screenCase.absent)).toBeNull();
  });

  it("shows each product's file count in the table, after its price and before its status", async () => {
    screenIs(true);
    await signUpSeller();
    await createProduct('Watercolor brushes');
    await renderApp('/products');
    const table = await screen.findByTestId('products-table');
    const row = await within(table).findByTestId('product-row');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const files = headers.indexOf('Files');
    expect(files).toBe(headers.indexOf('PriceUSD') + 1);
    expect(headers.indexOf('Status')).toBe(files + 1);
    // One file, in the column under "Files".
    expect(within(row).getAllByRole('cell')[files]?.textContent).toBe('1');
  });
});
