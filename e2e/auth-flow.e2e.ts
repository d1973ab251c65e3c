import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  browserForFile,
  expectPath,
  failedRequest,
  storedToken,
  withPage,
} from './support/browser';
import { createSeller, newCredentials } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

async function logIn(page: Page, email: string, password: string) {
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

async function logOutThroughAvatarMenu(page: Page) {
  await page.click('[data-testid=user-menu-trigger]');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectPath(page, '/login');
  expect(await storedToken(page)).toBeNull();
}

describe('a seller account from signup to a new password', () => {
  it('signs up, logs out and in, edits the profile and changes the password', async () => {
    const seller = newCredentials();
    // 400: the wrong current password; 401: the old password refused at login.
    const allowConsoleErrors = [failedRequest(400), failedRequest(401)];
    await withPage(browser(), { baseUrl, allowConsoleErrors }, async ({ page }) => {
      await page.goto('/signup');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Create your seller account');
      await expect.poll(() => page.getByTestId('promotion-banner').isVisible()).toBe(true);

      // Empty submit: field errors from the contract's messages.
      await page.click('button[type=submit]');
      await page.getByText('Please enter your email.').waitFor();
      await page
        .getByText('Please agree to the Terms of Service and the Privacy Policy.')
        .waitFor();
      // Editing a field clears its error.
      await page.fill('#email', seller.email);
      await expect.poll(() => page.getByText('Please enter your email.').count()).toBe(0);

      // The nickname input keeps only lowercase letters and digits.
      await page.fill('#nickname', `${seller.nickname.toUpperCase()}-!`);
      expect(await page.inputValue('#nickname')).toBe(seller.nickname);

      await page.fill('#password', seller.password);
      await expect
        .poll(() => page.getByTestId('password-strength').getAttribute('data-level'))
        .toBe('veryStrong');
      await page.fill('#confirmPassword', seller.password);
      await page.click('[data-testid=password-toggle]');
      expect(await page.getAttribute('#password', 'type')).toBe('text');
      await page.click('#agreeToTerms');
      await page.click('button[type=submit]');

      await expectPath(page, '/');
      await page.getByTestId('welcome').getByText(`Welcome, ${seller.nickname}!`).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('userType'))).toBe('seller');

      await logOutThroughAvatarMenu(page);

      await logIn(page, seller.email, seller.password);
      await expectPath(page, '/');

      // Profile: edit nickname and bio.
      await page.click('[data-testid=user-menu-trigger]');
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expectPath(page, '/profile');
      await page.getByTestId('profile-email').getByText(seller.email).waitFor();
      await page.getByRole('button', { name: 'Edit profile' }).click();
      const newNickname = `${seller.nickname.slice(0, 14)}new`;
      await page.fill('#profile-nickname-input', newNickname);
      await page.fill('#profile-bio-input', 'I make ebooks.');
      await page.getByTestId('bio-counter').getByText('14/500').waitFor();
      await page.getByTestId('profile-card').getByRole('button', { name: 'Save' }).click();
      await page
        .getByTestId('success-banner')
        .getByText('Your profile has been updated.')
        .waitFor();
      await page.getByTestId('profile-nickname').getByText(newNickname).waitFor();
      await page.getByTestId('profile-bio').getByText('I make ebooks.').waitFor();

      // Change the password: a wrong current password is reported on its field.
      const newPassword = `${seller.password}-Changed`;
      await page.fill('#currentPassword', 'not-my-password');
      await page.fill('#newPassword', newPassword);
      await page.fill('#confirmPassword', newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('The current password is not correct.').waitFor();

      const tokenBefore = await storedToken(page);
      await page.fill('#currentPassword', seller.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page
        .getByTestId('success-banner')
        .getByText('Your password has been changed.')
        .waitFor();
      expect(await page.inputValue('#currentPassword')).toBe('');
      const tokenAfter = await storedToken(page);
      expect(tokenAfter).not.toBe(tokenBefore);

      // The new token keeps working.
      await page.reload();
      await page.getByTestId('profile-nickname').getByText(newNickname).waitFor();

      await logOutThroughAvatarMenu(page);

      await logIn(page, seller.email, seller.password);
      await page.getByTestId('form-error').getByText('Invalid email or password.').waitFor();
      expect(page.url()).toContain('/login');

      await logIn(page, seller.email, newPassword);
      await expectPath(page, '/');
      await page.getByTestId('welcome').getByText(`Welcome, ${newNickname}!`).waitFor();
    });
  });

  it('maps a taken email to its message under the field', async () => {
    const existing = await createSeller(baseUrl);
    const fresh = newCredentials();
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [failedRequest(409)] },
      async ({ page }) => {
        await page.goto('/signup');
        await page.fill('#email', existing.email);
        await page.fill('#nickname', fresh.nickname);
        await page.fill('#password', fresh.password);
        await page.fill('#confirmPassword', fresh.password);
        await page.click('#agreeToTerms');
        await page.click('button[type=submit]');
        await page.getByText('This email is already registered.').waitFor();
        expect(await page.getAttribute('#email', 'aria-invalid')).toBe('true');
        expect(await storedToken(page)).toBeNull();
      },
    );
  });
});
