import { describe, expect, inject, it } from 'vitest';
import { browserForFile, expectPath, openSignedIn, storedToken, withPage } from './support/browser';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('mobile side sheet', () => {
  it('opens with the links and language choices, and logs out', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      await page.getByText(`Welcome, ${seller.nickname}!`).waitFor();
      expect(await page.getByTestId('user-menu-trigger').isVisible()).toBe(false);

      await page.click('[data-testid=mobile-menu-trigger]');
      const sheet = page.getByTestId('mobile-menu');
      await sheet.waitFor();
      for (const name of ['Dashboard', 'Products', 'New product', 'Settlement', 'Profile']) {
        await sheet.getByRole('link', { name }).waitFor();
      }
      await sheet.getByRole('button', { name: '日本語' }).click();
      await sheet.getByRole('link', { name: 'ダッシュボード' }).waitFor();

      await sheet.getByRole('button', { name: 'ログアウト' }).click();
      await expectPath(page, '/login');
      expect(await storedToken(page)).toBeNull();
      expect(await page.evaluate(() => localStorage.getItem('userType'))).toBeNull();
    });
  });
});
