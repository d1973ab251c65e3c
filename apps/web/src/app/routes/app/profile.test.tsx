// @vitest-environment jsdom
import { getSaleNotificationsEndpoint } from '@seller/contract/auth/sale-notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '@/lib/api-client';
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
