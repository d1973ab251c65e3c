// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';
import { currentUrl, renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('asking for a password reset link', () => {
  it('is linked from the login page and checks the address before sending', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(currentUrl()).toBe('/forgot-password'));
    await screen.findByRole('heading', { name: 'Forgot your password?' });

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to log in' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('answers the same whether or not an account has the address, in the seller’s language', async () => {
    const seller = await signUpSeller();
    clearSession();
    const answers: string[] = [];
    for (const email of [seller.email, `nobody-${Date.now()}@example.com`]) {
      const { user, unmount } = await renderApp('/forgot-password');
      await act(() => i18n.changeLanguage('ja'));
      await user.type(await screen.findByLabelText('メールアドレス'), email);
      await user.click(screen.getByRole('button', { name: '再設定リンクを送信' }));
      await screen.findByRole('heading', { name: 'メールをご確認ください' });
      const sent = screen.getByTestId('reset-link-sent');
      // The confirmation takes the focus from the form it replaced.
      await waitFor(() => expect(sent.parentElement).toBe(document.activeElement));
      answers.push(sent.textContent?.replace(email, '<email>') ?? '');
      unmount();
    }
    expect(answers[0]).toContain('<email> のアカウントが存在する場合');
    expect(answers[1]).toBe(answers[0]);
  });
});

describe('the page a reset link opens', () => {
  it('shows the signup’s strength meter and checklist at the new passwords’ length', async () => {
    const { user } = await renderApp('/reset-password?token=a-token-from-the-mail');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'abc1');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.met)).toEqual(['false', 'true', 'true']);
    expect(items[0]?.textContent).toContain('At least 8 characters');
    expect(screen.getByTestId('password-strength').dataset.level).toBe('weak');

    await user.type(screen.getByLabelText('New password'), '-Brass-Lantern');
    expect(items.map((item) => item.dataset.met)).toEqual(['true', 'true', 'true']);
    expect(screen.getByTestId('password-strength').dataset.level).not.toBe('weak');

    await user.type(screen.getByLabelText('Confirm new password'), 'something else');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
  });

  it('says when the link cannot be used, and offers to ask for a new one', async () => {
    const { user } = await renderApp('/reset-password?token=a-token-that-was-never-sent');
    await user.type(await screen.findByLabelText('New password'), 'Brass-Lantern-52');
    await user.type(screen.getByLabelText('Confirm new password'), 'Brass-Lantern-52');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await screen.findByRole('heading', { name: 'This link cannot be used' });
    expect(screen.getByTestId('reset-link-refused').textContent).toBe(
      'This reset link is not valid any more. Ask for a new one.',
    );

    // In the seller's language when it is switched.
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('reset-link-refused').textContent).not.toContain('reset link');

    await act(() => i18n.changeLanguage('en'));
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(currentUrl()).toBe('/forgot-password'));
  });

  it('says so at once when the link has no token', async () => {
    await renderApp('/reset-password');
    await screen.findByRole('heading', { name: 'This link cannot be used' });
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
