import { describe, expect, inject, it } from 'vitest';
import { browserForFile, withPage } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('languages', () => {
  it('?lng=ko shows Korean and the choice survives a reload', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await page.goto('/login?lng=ko');
      await page.getByRole('heading', { name: '다시 오신 것을 환영합니다' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ko');
      expect(await page.getAttribute('html', 'lang')).toBe('ko');

      await page.goto('/login');
      await page.reload();
      await page.getByRole('heading', { name: '다시 오신 것을 환영합니다' }).waitFor();
      await page.getByRole('button', { name: '로그인' }).waitFor();
    });
  });

  it('follows the browser language and switches from the header', async () => {
    await withPage(browser(), { baseUrl, locale: 'zh-CN' }, async ({ page }) => {
      await page.goto('/signup');
      await page.getByRole('heading', { name: '创建卖家账户' }).waitFor();
      await page.click('[data-testid=language-switcher]');
      await page.getByRole('menuitemradio', { name: 'Türkçe' }).click();
      await page.getByRole('heading', { name: 'Satıcı hesabınızı oluşturun' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('tr');
    });
  });
});
