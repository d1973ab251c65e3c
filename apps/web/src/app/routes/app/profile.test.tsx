// @vitest-environment jsdom
import { getSaleNotificationsEndpoint } from '@seller/contract/auth/get-sale-notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { authenticator } from '@/testing/authenticator';
import { renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

describe('the sale notifications setting', () => {
  it('starts on the daily summary, and keeps the choice the seller saves', async () => {
    await signUpSeller();
    const { user, unmount } = await renderApp('/profile');
    const card = await screen.findByTestId('sale-notifications-card');
    const daily = await within(card).findByRole('radio', { name: 'A daily summary' });
    expect(daily.getAttribute('aria-checked')).toBe('true');
    const save = within(card).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.click(within(card).getByRole('radio', { name: 'Email me on each sale' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    await user.click(save);
    await screen.findByText('Your sale notification setting has been saved.');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(await apiRequest(getSaleNotificationsEndpoint)).toEqual({ saleNotifications: 'each' });

    unmount();
    await renderApp('/profile');
    const again = await screen.findByTestId('sale-notifications-card');
    const each = await within(again).findByRole('radio', { name: 'Email me on each sale' });
    expect(each.getAttribute('aria-checked')).toBe('true');
  });
});

describe('the two-factor sign-in card', () => {
  it('sets up an authenticator from the QR code or the key, shows the recovery codes once, and renews them', async () => {
    const seller = await signUpSeller();
    const { user } = await renderApp('/profile');
    const card = await screen.findByTestId('security-card');
    expect(within(card).getByTestId('two-factor-status').textContent).toBe('Off');

    await user.click(within(card).getByRole('button', { name: 'Set up two-factor sign-in' }));
    // The QR code is drawn in the page; the key is there as text for typing in by hand.
    const qr = await within(card).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const shown = within(card).getByTestId('two-factor-secret').textContent ?? '';
    const key = /([A-Z2-7]{4}(?: [A-Z2-7]{1,4})+)$/.exec(shown)?.[1] ?? '';
    expect(key.replace(/ /g, '')).toHaveLength(32);
    const app = authenticator(key);

    const code = within(card).getByLabelText('6-digit code from the app');
    await user.type(code, '000000');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(
      await within(card).findByText(
        'This code is not valid. Check your authenticator app and try again.',
      ),
    ).toBeTruthy();
    await user.clear(code);
    await user.type(code, await app.nextCode());
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    await within(card).findByRole('heading', { name: 'Save your recovery codes' });
    const first = within(card)
      .getAllByTestId('recovery-code')
      .map((item) => item.textContent);
    expect(first).toHaveLength(10);
    expect(new Set(first).size).toBe(10);
    const done = within(card).getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    await user.click(within(card).getByLabelText('I have saved my recovery codes'));
    await user.click(done);
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeTruthy();
    await waitFor(() =>
      expect(within(card).getByTestId('two-factor-status').textContent).toBe('On'),
    );
    // Shown once: the codes are gone from the page.
    expect(within(card).queryAllByTestId('recovery-code')).toHaveLength(0);

    // New codes for a current code replace the old ones.
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    await user.type(within(card).getByLabelText('6-digit code from the app'), await app.nextCode());
    await user.click(within(card).getByRole('button', { name: 'Get new codes' }));
    await within(card).findByRole('heading', { name: 'Save your recovery codes' });
    const renewed = within(card)
      .getAllByTestId('recovery-code')
      .map((item) => item.textContent);
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((item) => first.includes(item))).toEqual([]);
    await user.click(within(card).getByLabelText('I have saved my recovery codes'));
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(card).queryAllByTestId('recovery-code')).toHaveLength(0));

    // Turning it off asks for the password; a wrong one is said under its field.
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    await user.type(within(card).getByLabelText('Password'), `${seller.password}-not`);
    await user.type(within(card).getByLabelText('6-digit code from the app'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByText('The current password is not correct.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByTestId('two-factor-status').textContent).toBe('On');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'New recovery codes' }),
      ),
    );
  });
});
