import { describe, expect, inject, it } from 'vitest';
import { sellerClient } from './support/api';
import {
  browserForFile,
  expectPath,
  failedRequest,
  openSignedIn,
  storedToken,
  withPage,
} from './support/browser';
import { createSeller, expiredToken } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('access guard', () => {
  it('sends a visitor without a token from a guarded URL to /login, replacing history', async () => {
    await withPage(browser(), { baseUrl }, async ({ page, infos }) => {
      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Create your seller account' }).waitFor();
      await page.goto('/profile');
      await expectPath(page, '/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(infos.some((text) => text.includes('Not signed in'))).toBe(true);
      // The guarded URL was replaced by /login: going back returns to the page before it.
      await page.goBack();
      await expectPath(page, '/signup');
    });
  });

  it('removes an expired token and lands on /login', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, expiredToken(), '/profile');
      await expectPath(page, '/login');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('removes an unreadable token and lands on /login', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, 'not-a-token', '/');
      await expectPath(page, '/login');
      expect(await storedToken(page)).toBeNull();
    });
  });

  it('logs out on a 401 from the API (token revoked elsewhere)', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(
      browser(),
      { baseUrl, allowConsoleErrors: [failedRequest(401)] },
      async ({ page }) => {
        await openSignedIn(page, seller.token, '/');
        await page.getByText(`Welcome, ${seller.nickname}!`).waitFor();
        await sellerClient(baseUrl, seller.token).POST('/api/auth/logout');
        await page.goto('/profile');
        await expectPath(page, '/login');
        expect(await storedToken(page)).toBeNull();
        expect(await page.evaluate(() => localStorage.getItem('userType'))).toBeNull();
      },
    );
  });

  it('shows a translated not-found page for unknown URLs', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/no-such-screen');
      await page.getByTestId('not-found').getByText('Page not found').waitFor();
      await page.goto('/no/such/page?lng=fr');
      await page.getByTestId('not-found').getByText('Page introuvable').waitFor();
      await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
      await expectPath(page, '/');
    });
  });

  it('sends a signed-in seller from /login to the dashboard', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/login');
      await expectPath(page, '/');
    });
  });
});
