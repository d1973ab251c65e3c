import { expect, stored, test } from './support/fixtures';

test.use({ screenSize: 'phone' });

test.describe('mobile side sheet', () => {
  test('opens with the links and language choices, and logs out', async ({ page, seller }) => {
    await page.goto('/');
    await expect(page.getByText(`Welcome, ${seller.nickname}!`)).toBeVisible();
    await expect(page.getByTestId('user-menu-trigger')).toBeHidden();

    await page.click('[data-testid=mobile-menu-trigger]');
    const sheet = page.getByTestId('mobile-menu');
    await expect(sheet).toBeVisible();
    for (const name of ['Dashboard', 'Products', 'New product', 'Settlement', 'Profile']) {
      await expect(sheet.getByRole('link', { name })).toBeVisible();
    }
    await sheet.getByRole('button', { name: '日本語' }).click();
    await expect(sheet.getByRole('link', { name: 'ダッシュボード' })).toBeVisible();

    await sheet.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect.poll(() => stored(page, 'token')).toBeNull();
    await expect.poll(() => stored(page, 'userType')).toBeNull();
  });
});
