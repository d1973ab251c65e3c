// @vitest-environment jsdom
import { getSessionsEndpoint } from '@seller/contract/auth/get-sessions';
import { loginEndpoint } from '@seller/contract/auth/login';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

describe('the security page', () => {
  it('lists the signed-in devices, marks this one, and signs another out after a confirmation', async () => {
    const seller = await signUpSeller();
    // A second sign-in, as from another browser (its token is not kept here).
    await apiRequest(loginEndpoint, { body: { email: seller.email, password: seller.password } });
    const { user } = await renderApp('/settings/security');
    const table = await screen.findByTestId('sessions-table');
    await waitFor(() => expect(within(table).getAllByTestId('session-row')).toHaveLength(2));
    const rows = within(table).getAllByTestId('session-row');
    const current = rows.filter((row) => within(row).queryByText('This device'));
    expect(current).toHaveLength(1);
    // Only the other device can be signed out from here.
    expect(within(current[0] as HTMLElement).queryByRole('button', { name: 'Sign out' })).toBe(
      null,
    );

    const other = rows.find((row) => row !== current[0]) as HTMLElement;
    await user.click(within(other).getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByText('Sign out this device?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await screen.findByText('The device was signed out.');
    await waitFor(() => expect(within(table).getAllByTestId('session-row')).toHaveLength(1));
    expect((await apiRequest(getSessionsEndpoint)).sessions).toHaveLength(1);

    // The activity shows the sign-ins and the sign-out, newest first.
    const activity = await screen.findByTestId('activity-table');
    await waitFor(() =>
      expect(
        within(activity)
          .getAllByTestId('activity-row')
          .map((row) => row.dataset.eventType),
      ).toEqual(['session_revoked', 'login', 'login']),
    );
    expect(within(activity).getByText('Device signed out')).toBeTruthy();
  });

  it('asks for the password to change the address, and says where the link went', async () => {
    const seller = await signUpSeller();
    const { user } = await renderApp('/settings/security');
    const card = await screen.findByTestId('email-change-card');
    const newEmail = `moved-${Date.now()}@example.com`;
    await user.type(within(card).getByLabelText('New email address'), newEmail);
    await user.type(within(card).getByLabelText('Current password'), 'not-the-password');
    await user.click(within(card).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(card).findByText('The current password is not correct.')).toBeTruthy();

    const password = within(card).getByLabelText('Current password');
    await user.clear(password);
    await user.type(password, seller.password);
    await user.click(within(card).getByRole('button', { name: 'Send confirmation link' }));
    expect(
      await within(card).findByText(
        `A confirmation link was sent to ${newEmail}. Open it within an hour to finish the change.`,
      ),
    ).toBeTruthy();
  });

  it('says so when a confirmation link cannot be used', async () => {
    const { user } = await renderApp('/confirm-email?token=made-up');
    await user.click(await screen.findByRole('button', { name: 'Confirm this address' }));
    expect(
      await screen.findByText(
        'This confirmation link is not valid any more. Ask for the change again.',
      ),
    ).toBeTruthy();
  });
});
