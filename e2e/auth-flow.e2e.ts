import type { Page } from '@playwright/test';
import { newCredentials, signUp } from './support/api';
import { expect, failedRequest, stored, test } from './support/fixtures';

async function logIn(page: Page, email: string, password: string) {
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

async function logOutThroughAvatarMenu(page: Page) {
  await page.click('[data-testid=user-menu-trigger]');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect.poll(() => stored(page, 'token')).toBeNull();
}

test.describe('a seller account from signup to a new password', () => {
  // 400: the wrong current password; 401: the old password refused at login.
  test.use({ allowConsoleErrors: [failedRequest(400), failedRequest(401)] });

  test('signs up, logs out and in, edits the profile and changes the password', async ({
    page,
  }) => {
    const seller = newCredentials();
    await page.goto('/signup');
    await expect(page.locator('h1')).toHaveText('Create your seller account');
    await expect(page.getByTestId('promotion-banner')).toBeVisible();

    // Empty submit: field errors from the contract's messages.
    await page.click('button[type=submit]');
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await expect(
      page.getByText('Please agree to the Terms of Service and the Privacy Policy.'),
    ).toBeVisible();
    // Editing a field clears its error.
    await page.fill('#email', seller.email);
    await expect(page.getByText('Please enter your email.')).toHaveCount(0);

    // The nickname input keeps only lowercase letters and digits.
    await page.fill('#nickname', `${seller.nickname.toUpperCase()}-!`);
    await expect(page.locator('#nickname')).toHaveValue(seller.nickname);

    await page.fill('#password', seller.password);
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'veryStrong');
    await page.fill('#confirmPassword', seller.password);
    await page.click('[data-testid=password-toggle]');
    await expect(page.locator('#password')).toHaveAttribute('type', 'text');
    await page.click('#agreeToTerms');
    await page.click('button[type=submit]');

    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(
      page.getByTestId('welcome').getByText(`Welcome, ${seller.nickname}!`),
    ).toBeVisible();
    await expect.poll(() => stored(page, 'userType')).toBe('seller');

    await logOutThroughAvatarMenu(page);

    await logIn(page, seller.email, seller.password);
    await expect(page).toHaveURL((url) => url.pathname === '/');

    // Profile: edit nickname and bio.
    await page.click('[data-testid=user-menu-trigger]');
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile');
    await expect(page.getByTestId('profile-email').getByText(seller.email)).toBeVisible();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const newNickname = `${seller.nickname.slice(0, 14)}new`;
    await page.fill('#profile-nickname-input', newNickname);
    await page.fill('#profile-bio-input', 'I make ebooks.');
    await expect(page.getByTestId('bio-counter')).toHaveText('14/500');
    await page.getByTestId('profile-card').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('success-banner')).toContainText(
      'Your profile has been updated.',
    );
    await expect(page.getByTestId('profile-nickname')).toContainText(newNickname);
    await expect(page.getByTestId('profile-bio')).toContainText('I make ebooks.');

    // Change the password: a wrong current password is reported on its field.
    const newPassword = `${seller.password}-Changed`;
    await page.fill('#currentPassword', 'not-my-password');
    await page.fill('#newPassword', newPassword);
    await page.fill('#confirmPassword', newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();

    const tokenBefore = await stored(page, 'token');
    await page.fill('#currentPassword', seller.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('success-banner')).toContainText(
      'Your password has been changed.',
    );
    await expect(page.locator('#currentPassword')).toHaveValue('');
    await expect.poll(() => stored(page, 'token')).not.toBe(tokenBefore);

    // The new token keeps working.
    await page.reload();
    await expect(page.getByTestId('profile-nickname')).toContainText(newNickname);

    await logOutThroughAvatarMenu(page);

    await logIn(page, seller.email, seller.password);
    await expect(page.getByTestId('form-error')).toContainText('Invalid email or password.');
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await logIn(page, seller.email, newPassword);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('welcome').getByText(`Welcome, ${newNickname}!`)).toBeVisible();
  });
});

test.describe('the signup form', () => {
  test.use({ allowConsoleErrors: [failedRequest(409)] });

  test('maps a taken email to its message under the field', async ({ page, run }) => {
    const existing = await signUp(run.baseUrl);
    const fresh = newCredentials();
    await page.goto('/signup');
    await page.fill('#email', existing.email);
    await page.fill('#nickname', fresh.nickname);
    await page.fill('#password', fresh.password);
    await page.fill('#confirmPassword', fresh.password);
    await page.click('#agreeToTerms');
    await page.click('button[type=submit]');
    await expect(page.getByText('This email is already registered.')).toBeVisible();
    await expect(page.locator('#email')).toHaveAttribute('aria-invalid', 'true');
    expect(await stored(page, 'token')).toBeNull();
  });
});
