import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authenticator } from './support/authenticator';
import { describeViolations, seriousViolations } from './support/axe';
import {
  browserForFile,
  expectPath,
  failedRequest,
  openSignedIn,
  storedToken,
  withPage,
} from './support/browser';
import { linkIn, waitForMail } from './support/mailbox';
import { createSeller } from './support/sellers';

/**
 * Account security in the browser: a forgotten password replaced through the link that the
 * server mails (read from the SMTP server it sends to), and two-factor sign-in set up from the
 * profile, used at login with an authenticator code and with a recovery code, and turned off.
 */

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const browser = browserForFile();

async function logIn(page: Page, email: string, password: string) {
  await page.fill('#email', email);
  await page.fill('#password', password);
  await page.click('button[type=submit]');
}

async function logOut(page: Page) {
  await page.click('[data-testid=user-menu-trigger]');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectPath(page, '/login');
  expect(await storedToken(page)).toBeNull();
}

/** The setup key as the page shows it, in groups of four, without its screen-reader label. */
async function shownSetupKey(page: Page): Promise<string> {
  const text = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
  const key = /([A-Z2-7]{1,4}(?: [A-Z2-7]{1,4})+)\s*$/.exec(text)?.[1];
  if (!key) throw new Error(`no setup key in "${text}"`);
  return key;
}

describe('a forgotten password', () => {
  it('is replaced through the mailed link, in the language the seller chose, then used to log in', async () => {
    const seller = await createSeller(baseUrl);

    // Signed in, the seller switches the app to French: the account keeps it for its mail.
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      await page.getByTestId('welcome').waitFor();
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/auth/language') && response.request().method() === 'PUT',
      );
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menuitemradio', { name: 'Français' }).click();
      const response = await saved;
      expect(response.status()).toBe(204);
      expect(response.request().postDataJSON()).toEqual({ language: 'fr' });
    });

    const stranger = `nobody-${Date.now()}@example.com`;
    const newPassword = `${seller.password}-Renewed`;
    // 400: the used link, refused the second time.
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [failedRequest(400)] },
      async ({ page }) => {
        await page.goto('/login');
        await page.getByRole('link', { name: 'Forgot your password?' }).click();
        await expectPath(page, '/forgot-password');
        await expect.poll(() => page.locator('h1').textContent()).toBe('Forgot your password?');

        // The contract's check first, then the same answer for an address without an account…
        await page.click('button[type=submit]');
        await page.getByText('Please enter your email.').waitFor();
        await page.fill('#email', stranger);
        await page.click('button[type=submit]');
        const sent = page.getByTestId('reset-link-sent');
        await sent.waitFor();
        expect(await page.locator('h1').textContent()).toBe('Check your email');
        const strangerAnswer = (await sent.textContent())?.replace(stranger, '<email>');

        // …as for the seller's own.
        await page.reload();
        await page.fill('#email', seller.email);
        await page.click('button[type=submit]');
        await sent.waitFor();
        expect((await sent.textContent())?.replace(seller.email, '<email>')).toBe(strangerAnswer);
        expect(strangerAnswer).toContain('If an account exists for <email>');

        // The mail is in the language the seller chose, and links to the reset page.
        const [mail] = await waitForMail(mailboxUrl, {
          to: seller.email,
          subject: /^Réinitialisez votre mot de passe/,
        });
        if (!mail) throw new Error('no reset mail');
        const link = linkIn(mail, '/reset-password');
        expect(link.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);

        await page.goto(link.href);
        await expect.poll(() => page.locator('h1').textContent()).toBe('Choose a new password');
        // The signup's strength meter and checklist, at the new passwords' minimum length.
        await page.fill('#newPassword', 'abc1');
        await expect
          .poll(() => page.getByTestId('password-strength').getAttribute('data-level'))
          .toBe('weak');
        const checks = page.getByRole('list', { name: 'Password requirements' }).locator('li');
        expect(await checks.evaluateAll((items) => items.map((item) => item.dataset.met))).toEqual([
          'false',
          'true',
          'true',
        ]);
        await page.getByText('At least 8 characters').waitFor();
        await page.fill('#newPassword', newPassword);
        await expect
          .poll(() => page.getByTestId('password-strength').getAttribute('data-level'))
          .toBe('veryStrong');
        expect(await checks.evaluateAll((items) => items.map((item) => item.dataset.met))).toEqual([
          'true',
          'true',
          'true',
        ]);
        await page.fill('#confirmPassword', newPassword);
        await page.click('button[type=submit]');

        // Back on the login page, with a note; the new password signs in.
        await expectPath(page, '/login');
        await page.getByRole('status').getByText('Your password has been changed').waitFor();
        await logIn(page, seller.email, newPassword);
        await expectPath(page, '/');
        await page.getByTestId('welcome').waitFor();
        expect(await storedToken(page)).not.toBeNull();

        // The link worked once: opened again, it is refused, with a way to ask for a new one.
        await page.goto(link.href);
        await page.fill('#newPassword', `${newPassword}-again`);
        await page.fill('#confirmPassword', `${newPassword}-again`);
        await page.click('button[type=submit]');
        await page
          .getByTestId('reset-link-refused')
          .getByText('This reset link is not valid any more. Ask for a new one.')
          .waitFor();
        expect(await page.locator('h1').textContent()).toBe('This link cannot be used');
        await page.getByRole('link', { name: 'Ask for a new link' }).click();
        await expectPath(page, '/forgot-password');
      },
    );

    // The change itself is told by mail too, in French.
    await waitForMail(mailboxUrl, { to: seller.email, subject: /a été modifié$/ });
  });
});

describe('two-factor sign-in', () => {
  it('is set up on the profile, asked at login (a code, then a recovery code) and turned off', async () => {
    const seller = await createSeller(baseUrl);
    // 400: the wrong code tried at login. The CSP is bypassed for axe's inline script.
    const options = { baseUrl, allowConsoleErrors: [failedRequest(400)], bypassCSP: true };
    await withPage(browser(), options, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openSignedIn(page, seller.token, '/profile');
      const card = page.getByTestId('security-card');
      await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('Off');

      // Set up: a QR code drawn in the page, and the key as text for the authenticator app.
      await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const qr = card.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
      const app = authenticator(await shownSetupKey(page));

      await card.locator('#two-factor-code').fill(await app.nextCode());
      await card.getByRole('button', { name: 'Turn on' }).click();

      // Ten recovery codes, shown once: copied, downloaded as text, then put away.
      await card.getByTestId('recovery-codes').waitFor();
      const codes = await card.getByTestId('recovery-code').allTextContents();
      expect(codes).toHaveLength(10);
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
      expect(await done.isDisabled()).toBe(true);
      await card.getByLabel('I have saved my recovery codes').click();
      await done.click();
      await page.getByTestId('success-banner').getByText('Two-factor sign-in is on.').waitFor();
      await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('On');
      expect(await card.getByTestId('recovery-code').count()).toBe(0);

      // Login asks for a code after the password; a wrong one is refused in words.
      await logOut(page);
      await logIn(page, seller.email, seller.password);
      const step = page.getByTestId('login-code-step');
      await step.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      expect(await storedToken(page)).toBeNull();
      expect(describeViolations(await seriousViolations(page))).toBe('');
      await step.locator('#code').fill('000000');
      await step.getByRole('button', { name: 'Verify' }).click();
      await step
        .getByText('This code is not valid. Check your authenticator app and try again.')
        .waitFor();
      await step.locator('#code').fill(await app.nextCode());
      await step.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await page.getByTestId('welcome').waitFor();

      // A recovery code instead of the app.
      await logOut(page);
      await logIn(page, seller.email, seller.password);
      await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await step.getByLabel('Recovery code').fill(codes[3]?.toLowerCase() ?? '');
      await step.getByRole('button', { name: 'Verify' }).click();
      await expectPath(page, '/');
      await page.getByTestId('welcome').waitFor();

      // Turned off with the password and a code.
      await page.goto('/profile');
      await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('On');
      await card.getByRole('button', { name: 'Turn off' }).click();
      await card.locator('#two-factor-password').fill(seller.password);
      await card.locator('#two-factor-code').fill(await app.nextCode());
      await card.getByRole('button', { name: 'Turn off' }).click();
      await page.getByTestId('success-banner').getByText('Two-factor sign-in is off.').waitFor();
      await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('Off');

      // The password alone signs in again.
      await logOut(page);
      await logIn(page, seller.email, seller.password);
      await expectPath(page, '/');
    });
  }, 120_000);
});
