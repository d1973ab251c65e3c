// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';
import { currentUrl, renderApp } from '@/testing/render-app';
import { signUpSeller, turnOnTwoFactor } from '@/testing/seller-api';

describe('the login page', () => {
  it('checks the fields with the contract’s rules before sending anything', async () => {
    const { user } = await renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.queryByText('Please enter your email.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
  });

  it('says a refused login in its own words, then signs in and opens the dashboard', async () => {
    const seller = await signUpSeller();
    clearSession();
    const { user } = await renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), ` ${seller.email} `);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
    expect(getToken()).toBeNull();

    await user.clear(screen.getByLabelText('Password'));
    expect(screen.queryByText('Invalid email or password.')).toBeNull();
    await user.type(screen.getByLabelText('Password'), seller.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(await screen.findByText(`Welcome, ${seller.nickname}!`)).toBeTruthy();
    expect(getToken()).not.toBeNull();
  });
});

describe('the login page of a seller with two-factor sign-in on', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  /** A seller with an authenticator, signed out, through the password step of the login page. */
  async function throughPasswordStep() {
    const seller = await signUpSeller();
    const twoFactor = await turnOnTwoFactor();
    clearSession();
    const view = await renderApp('/login');
    await view.user.type(await screen.findByLabelText('Email'), seller.email);
    await view.user.type(screen.getByLabelText('Password'), seller.password);
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Two-factor sign-in' });
    return { ...view, ...twoFactor, seller };
  }

  it('asks for a code after the password, refuses a wrong one in the seller’s language, then signs in', async () => {
    const { user, app } = await throughPasswordStep();
    expect(getToken()).toBeNull();
    const code = screen.getByLabelText('Sign-in code');
    expect(document.activeElement).toBe(code);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Please enter the 6-digit code from your authenticator app.'),
    ).toBeTruthy();

    await act(() => i18n.changeLanguage('ko'));
    // Only digits are kept, as an authenticator app shows them (`000 000`).
    await user.type(screen.getByLabelText('인증 코드'), '000 000');
    expect((screen.getByLabelText('인증 코드') as HTMLInputElement).value).toBe('000000');
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(
      await screen.findByText('코드가 올바르지 않습니다. 인증 앱을 확인하고 다시 시도하세요.'),
    ).toBeTruthy();
    expect(getToken()).toBeNull();

    await act(() => i18n.changeLanguage('en'));
    await user.clear(screen.getByLabelText('Sign-in code'));
    await user.type(screen.getByLabelText('Sign-in code'), await app.nextCode());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(await screen.findByText(/^Welcome, /)).toBeTruthy();
    expect(getToken()).not.toBeNull();
  });

  it('takes a recovery code instead, once; going back asks for the password again', async () => {
    const { user, unmount, seller, recoveryCodes } = await throughPasswordStep();
    const [recoveryCode = ''] = recoveryCodes;

    await user.click(screen.getByRole('button', { name: 'Back to email and password' }));
    const password = await screen.findByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, seller.password);
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const field = await screen.findByLabelText('Recovery code');
    await waitFor(() => expect(document.activeElement).toBe(field));
    // As written on paper: case and dashes do not matter.
    await user.type(field, recoveryCode.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    expect(getToken()).not.toBeNull();

    // The same code a second time is refused.
    unmount();
    clearSession();
    const again = await renderApp('/login');
    await again.user.type(await screen.findByLabelText('Email'), seller.email);
    await again.user.type(screen.getByLabelText('Password'), seller.password);
    await again.user.click(screen.getByRole('button', { name: 'Log in' }));
    await again.user.click(
      await screen.findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await again.user.type(await screen.findByLabelText('Recovery code'), recoveryCode);
    await again.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'This recovery code is not valid or has already been used. Try another one.',
      ),
    ).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('goes back to the password when the sign-in had too many tries', async () => {
    const { user, seller } = await throughPasswordStep();
    const code = screen.getByLabelText('Sign-in code');
    // Five tries per sign-in; the sixth finds it closed.
    for (let tries = 0; tries < 5; tries++) {
      await user.clear(code);
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByText(
        'This code is not valid. Check your authenticator app and try again.',
      );
    }
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(
        'This sign-in has expired or had too many tries. Please sign in again.',
      ),
    ).toBeTruthy();
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(seller.email);
  });
});
