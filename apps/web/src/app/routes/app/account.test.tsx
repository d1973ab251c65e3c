// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  fetchDataExport,
  linkRenewalMarginMs,
  pendingPollMs,
} from '@/features/account-data/api/get-data-export';
import { getToken } from '@/lib/auth-token';
import { currentUrl, renderApp } from '@/testing/render-app';
import { createProduct, recordSales, signUpSeller, turnOnTwoFactor } from '@/testing/seller-api';

describe('the account screen', () => {
  it('asks for a copy of the data, shows it being prepared, then its link and until when', async () => {
    // The screen looks again every few seconds while the file is prepared: those looks run on
    // a clock of the test's, moved on once the server has built the file.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await signUpSeller();
      const { user } = await renderApp('/settings/account');
      await screen.findByRole('heading', { name: 'Account', level: 1 });
      const card = screen.getByTestId('data-export-card');
      await user.click(await within(card).findByRole('button', { name: 'Prepare my data' }));
      expect(await within(card).findByText(/We are preparing your file/)).toBeTruthy();
      expect(within(card).getByTestId('export-pending').textContent).toMatch(/Preparing your file/);
      // No second request while one is built.
      expect(within(card).queryByTestId('export-request')).toBeNull();

      // The server's job builds it; the screen shows it at its next look.
      await vi.waitFor(async () => expect((await fetchDataExport())?.status).toBe('ready'), {
        timeout: 20_000,
        interval: 100,
      });
      expect(within(card).queryByTestId('export-ready')).toBeNull();
      await vi.advanceTimersByTimeAsync(pendingPollMs);
      const ready = await within(card).findByTestId('export-ready');
      const link = within(ready).getByRole('link', { name: 'Download my data (ZIP)' });
      expect(link.getAttribute('href')).toMatch(/\/storage\/download\//);
      expect(within(ready).getByText(/^Available until /)).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Prepare a new copy' })).toBeTruthy();

      // The link lives a few minutes: the screen fetches a fresh one shortly before it stops
      // working, and not before.
      const exportCalls = () =>
        fetchSpy.mock.calls.filter(([input, init]) => {
          const url = input instanceof Request ? input.url : String(input);
          const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
          return url.endsWith('/api/auth/export') && method === 'GET';
        }).length;
      const fetchSpy = vi.spyOn(globalThis, 'fetch');
      const shown = await fetchDataExport();
      const linkLifeMs = Date.parse(shown?.downloadUrlExpiresAt ?? '') - Date.now();
      expect(linkLifeMs).toBeGreaterThan(4 * 60_000);
      fetchSpy.mockClear();
      await vi.advanceTimersByTimeAsync(linkLifeMs - linkRenewalMarginMs - 10_000);
      expect(exportCalls()).toBe(0);
      await vi.advanceTimersByTimeAsync(20_000);
      await vi.waitFor(() => expect(exportCalls()).toBe(1));
      expect(await within(card).findByTestId('export-ready')).toBeTruthy();
    } finally {
      vi.restoreAllMocks();
      vi.useRealTimers();
    }
  }, 30_000);

  it('says what goes and what is kept, and refuses while the balance is not zero', async () => {
    await signUpSeller();
    const product = await createProduct('Sold once');
    await recordSales(product.product.id, 1);
    const { user } = await renderApp('/settings/account');
    const card = await screen.findByTestId('delete-account-card');
    expect(within(card).getByText(/kept for five years as trade records/)).toBeTruthy();
    expect(within(card).getByText(/Your nickname stays reserved/)).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    expect(await within(card).findByText('Please enter your password.')).toBeTruthy();

    await user.type(within(card).getByLabelText('Password'), 'Quiet-Harbor-8317');
    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByTestId('delete-account-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));

    const refusal = await within(card).findByTestId('balance-outstanding');
    expect(within(refusal).getByText('Your balance must be zero')).toBeTruthy();
    expect(within(refusal).getByRole('link', { name: 'See my payouts' }).getAttribute('href')).toBe(
      '/payouts',
    );
    expect(getToken()).not.toBeNull();
  });

  it('asks for the code when two-factor sign-in is on, then deletes the account and signs out', async () => {
    await signUpSeller();
    const { app } = await turnOnTwoFactor();
    const { user } = await renderApp('/settings/account');
    const card = await screen.findByTestId('delete-account-card');
    const code = await app.nextCode();

    await user.type(within(card).getByLabelText('Password'), 'not-my-password');
    await user.type(within(card).getByLabelText('Authenticator code'), code);
    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByTestId('delete-account-dialog')).getByRole('button', {
        name: 'Delete for good',
      }),
    );
    expect(await within(card).findByText('The current password is not correct.')).toBeTruthy();

    await user.clear(within(card).getByLabelText('Password'));
    await user.type(within(card).getByLabelText('Password'), 'Quiet-Harbor-8317');
    // A refused password did not use the code up.
    await user.clear(within(card).getByLabelText('Authenticator code'));
    await user.type(within(card).getByLabelText('Authenticator code'), code);
    await user.click(within(card).getByRole('button', { name: 'Delete my account' }));
    await user.click(
      within(await screen.findByTestId('delete-account-dialog')).getByRole('button', {
        name: 'Delete for good',
      }),
    );

    expect(await screen.findByTestId('account-deleted-note')).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(getToken()).toBeNull();
  });
});
