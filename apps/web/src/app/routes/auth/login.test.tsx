// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, getToken } from '@/lib/auth-token';
import { currentUrl, renderApp } from '@/testing/render-app';
import { signUpSeller } from '@/testing/seller-api';

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
