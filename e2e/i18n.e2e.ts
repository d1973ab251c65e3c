import { expect, stored, test } from './support/fixtures';

test.describe('languages', () => {
  test('?lng=ko shows Korean and the choice survives a reload', async ({ page }) => {
    await page.goto('/login?lng=ko');
    await expect(page.getByRole('heading', { name: '다시 오신 것을 환영합니다' })).toBeVisible();
    await expect.poll(() => stored(page, 'i18nextLng')).toBe('ko');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    await page.goto('/login');
    await page.reload();
    await expect(page.getByRole('heading', { name: '다시 오신 것을 환영합니다' })).toBeVisible();
    await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();
  });

  test.describe('in a Chinese browser', () => {
    test.use({ locale: 'zh-CN' });

    test('follows the browser language and switches from the header', async ({ page }) => {
      await page.goto('/signup');
      await expect(page.getByRole('heading', { name: '创建卖家账户' })).toBeVisible();
      await page.click('[data-testid=language-switcher]');
      await page.getByRole('menuitemradio', { name: 'Türkçe' }).click();
      await expect(
        page.getByRole('heading', { name: 'Satıcı hesabınızı oluşturun' }),
      ).toBeVisible();
      await expect.poll(() => stored(page, 'i18nextLng')).toBe('tr');
    });
  });
});
