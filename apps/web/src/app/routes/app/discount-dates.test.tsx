// @vitest-environment jsdom

import { listDiscountsEndpoint } from '@seller/contract/discounts/list-discounts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createDiscount, signUpSeller } from '@/testing/seller-api';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a discount code's dates", () => {
  it("shows and edits a code's dates on the seller center's clock (Seoul)", async () => {
    // A seller whose browser is in China, an hour behind Seoul.
    vi.stubEnv('TZ', 'Asia/Shanghai');
    await signUpSeller();
    const discount = await createDiscount({
      code: 'WINTER',
      kind: 'percent',
      percent: 10,
      // From midnight on 1 December to 23:59 on 31 December, in Seoul.
      startsAt: '2026-11-30T15:00:00.000Z',
      endsAt: '2026-12-31T14:59:00.000Z',
    });
    await renderApp('/discounts');
    const table = await screen.findByTestId('discounts-table');
    await waitFor(() => expect(within(table).getAllByTestId('discount-row')).toHaveLength(1));
    expect(within(table).getByTestId('discount-row').textContent).toContain(
      '2026-12-01 00:00 – 2026-12-31 23:59',
    );
    cleanup();

    const { user } = await renderApp(paths.discountEdit.href(discount.id));
    const starts = (await screen.findByLabelText('Starts')) as HTMLInputElement;
    const ends = screen.getByLabelText('Ends') as HTMLInputElement;
    await waitFor(() => expect(ends.value).toBe('2026-12-31T23:59'));
    expect(starts.value).toBe('2026-12-01T00:00');
    // Both fields say whose clock they are on.
    for (const field of [starts, ends]) {
      const described = field.getAttribute('aria-describedby') ?? '';
      const texts = described.split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(texts).toContain('Korea time (UTC+9).');
    }
    fireEvent.change(ends, { target: { value: '2027-01-31T23:59' } });
    await user.click(screen.getByTestId('discount-save'));
    await waitFor(() => expect(currentUrl()).toBe('/discounts'));
    const { discounts } = await apiRequest(listDiscountsEndpoint, { query: {} });
    expect(discounts.find((saved) => saved.id === discount.id)?.endsAt).toBe(
      '2027-01-31T14:59:00.000Z',
    );
  }, 60_000);
});
