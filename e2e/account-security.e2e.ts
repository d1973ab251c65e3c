import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { authenticator } from './support/authenticator';
import { describeViolations, seriousViolations } from './support/axe';
import { expect, failedRequest, stored, test } from './support/fixtures';
import { linkIn } from './support/mailbox';

/**
 * Account security in the browser: a forgotten password replaced through the link that the
 * server mails (read from the SMTP server it sends to), and two-factor sign-in set up from the
 * profile, used at login with an authenticator code and with a recovery code, and turned off.
 */

async function logIn(page: Page, email: string, password: string) {
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

async function logOut(page: Page) {
  await page.click('[data-testid=user-menu-trigger]');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect.poll(() => stored(page, 'token')).toBeNull();
}

/** The setup key as the page shows it, in groups of four, without its screen-reader label. */
async function shownSetupKey(page: Page): Promise<string> {
  const shown = page.getByTestId('two-factor-secret');
  const pattern = /([A-Z2-7]{1,4}(?: [A-Z2-7]{1,4})+)\s*$/;
  await expect(shown).toHaveText(pattern);
  const key = pattern.exec((await shown.textContent()) ?? '')?.[1];
  if (!key) throw new Error('no setup key shown');
  return key;
}

test.describe('a forgotten password', () => {
  // 400: the used link, refused the second time.
  test.use({ allowConsoleErrors: [failedRequest(400)] });

  test('is replaced through the mailed link, in the language the seller chose, then used to log in', async ({
    page,
    context,
    seller,
    mailbox,
  }) => {
    // Signed in, the seller switches the app to French: the account keeps it for its mail.
    await page.goto('/');
    await expect(page.getByTestId('welcome')).toBeVisible();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/auth/language') && response.request().method() === 'PUT',
    );
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    const response = await saved;
    expect(response.status()).toBe(204);
    expect(response.request().postDataJSON()).toEqual({ language: 'fr' });

    // Then, in a browser that keeps nothing of that session, the password is forgotten.
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await context.clearCookies();

    const stranger = `nobody-${Date.now()}@example.com`;
    const newPassword = `${seller.password}-Renewed`;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');
    await expect(page.locator('h1')).toHaveText('Forgot your password?');

    // The contract's check first, then the same answer for an address without an account…
    await page.click('button[type=submit]');
    await expect(page.getByText('Please enter your email.')).toBeVisible();
    await page.fill('#email', stranger);
    await page.click('button[type=submit]');
    const sent = page.getByTestId('reset-link-sent');
    await expect(sent).toBeVisible();
    await expect(page.locator('h1')).toHaveText('Check your email');
    const strangerAnswer = ((await sent.textContent()) ?? '').replace(stranger, '<email>');
    expect(strangerAnswer).toContain('If an account exists for <email>');

    // …as for the seller's own.
    await page.reload();
    await page.fill('#email', seller.email);
    await page.click('button[type=submit]');
    await expect(sent).toHaveText(strangerAnswer.replace('<email>', seller.email));

    // The mail is in the language the seller chose, and links to the reset page.
    const [mail] = await mailbox.waitFor({
      to: seller.email,
      subject: /^Réinitialisez votre mot de passe/,
    });
    if (!mail) throw new Error('no reset mail');
    const link = linkIn(mail, '/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);

    await page.goto(link.href);
    await expect(page.locator('h1')).toHaveText('Choose a new password');
    // The signup's strength meter and checklist, at the new passwords' minimum length.
    const strength = page.getByTestId('password-strength');
    const checks = page.getByRole('list', { name: 'Password requirements' }).locator('li');
    const met = () => checks.evaluateAll((items) => items.map((item) => item.dataset.met));
    await page.fill('#newPassword', 'abc1');
    await expect(strength).toHaveAttribute('data-level', 'weak');
    await expect.poll(met).toEqual(['false', 'true', 'true']);
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await page.fill('#newPassword', newPassword);
    await expect(strength).toHaveAttribute('data-level', 'veryStrong');
    await expect.poll(met).toEqual(['true', 'true', 'true']);
    await page.fill('#confirmPassword', newPassword);
    await page.click('button[type=submit]');

    // Back on the login page, with a note; the new password signs in.
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(
      page.getByRole('status').getByText('Your password has been changed'),
    ).toBeVisible();
    await logIn(page, seller.email, newPassword);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('welcome')).toBeVisible();
    expect(await stored(page, 'token')).not.toBeNull();

    // The link worked once: opened again, it is refused, with a way to ask for a new one.
    await page.goto(link.href);
    await page.fill('#newPassword', `${newPassword}-again`);
    await page.fill('#confirmPassword', `${newPassword}-again`);
    await page.click('button[type=submit]');
    await expect(page.getByTestId('reset-link-refused')).toContainText(
      'This reset link is not valid any more. Ask for a new one.',
    );
    await expect(page.locator('h1')).toHaveText('This link cannot be used');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/forgot-password');

    // The change itself is told by mail too, in French.
    await mailbox.waitFor({ to: seller.email, subject: /a été modifié$/ });
  });
});

test.describe('two-factor sign-in', () => {
  // 400: the wrong code tried at login. The CSP is bypassed for axe's inline script.
  test.use({ allowConsoleErrors: [failedRequest(400)], bypassCSP: true });

  test('is set up on the profile, asked at login (a code, then a recovery code) and turned off', async ({
    page,
    context,
    run,
    seller,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.baseUrl });
    await page.goto('/profile');
    const card = page.getByTestId('security-card');
    const status = card.getByTestId('two-factor-status');
    await expect(status).toHaveText('Off');

    // Set up: a QR code drawn in the page, and the key as text for the authenticator app.
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr.locator('path')).toHaveAttribute('d', /^M\d+ \d+h1v1h-1z/);
    const app = authenticator(await shownSetupKey(page));

    await card.locator('#two-factor-code').fill(await app.nextCode());
    await card.getByRole('button', { name: 'Turn on' }).click();

    // Ten recovery codes, shown once: copied, downloaded as text, then put away.
    const recoveryCodes = card.getByTestId('recovery-code');
    await expect(recoveryCodes).toHaveCount(10);
    const codes = await recoveryCodes.allTextContents();
    expect(describeViolations(await seriousViolations(page))).toBe('');
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    await card.getByRole('button', { name: 'Copy codes' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(codes.join('\n'));
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download as .txt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('seller-center-recovery-codes.txt');
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain(seller.email);
    for (const code of codes) expect(text).toContain(code);

    const done = card.getByRole('button', { name: 'Done' });
    await expect(done).toBeDisabled();
    await card.getByLabel('I have saved my recovery codes').click();
    await done.click();
    await expect(page.getByTestId('success-banner')).toContainText('Two-factor sign-in is on.');
    await expect(status).toHaveText('On');
    await expect(recoveryCodes).toHaveCount(0);

    // Login asks for a code after the password; a wrong one is refused in words.
    await logOut(page);
    await logIn(page, seller.email, seller.password);
    const step = page.getByTestId('login-code-step');
    await expect(step.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    expect(await stored(page, 'token')).toBeNull();
    expect(describeViolations(await seriousViolations(page))).toBe('');
    await step.locator('#code').fill('000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(
      step.getByText('This code is not valid. Check your authenticator app and try again.'),
    ).toBeVisible();
    await step.locator('#code').fill(await app.nextCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('welcome')).toBeVisible();

    // A recovery code instead of the app.
    await logOut(page);
    await logIn(page, seller.email, seller.password);
    await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await step.getByLabel('Recovery code').fill(codes[3]?.toLowerCase() ?? '');
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('welcome')).toBeVisible();

    // Turned off with the password and a code.
    await page.goto('/profile');
    await expect(status).toHaveText('On');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.locator('#two-factor-password').fill(seller.password);
    await card.locator('#two-factor-code').fill(await app.nextCode());
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByTestId('success-banner')).toContainText('Two-factor sign-in is off.');
    await expect(status).toHaveText('Off');

    // The password alone signs in again.
    await logOut(page);
    await logIn(page, seller.email, seller.password);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
