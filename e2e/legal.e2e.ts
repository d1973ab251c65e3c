import { describe, expect, inject, it } from 'vitest';
import { browserForFile, expectPath, withPage } from './support/browser';

/**
 * The terms of service and the privacy policy: links of the signup form that open pages of
 * their own, in the visitor's language, with the placeholder note the operator replaces.
 */

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('the terms of service and the privacy policy', () => {
  it('open from the signup form in a tab of their own', async () => {
    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await page.goto('/signup');
      const terms = page.getByRole('link', { name: 'Terms of Service' });
      const privacy = page.getByRole('link', { name: 'Privacy Policy' });
      expect(await terms.getAttribute('href')).toBe('/terms');
      expect(await privacy.getAttribute('href')).toBe('/privacy');
      // A new tab: what the seller typed into the form stays.
      expect(await terms.getAttribute('target')).toBe('_blank');

      const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
      await opened.getByTestId('legal-text').waitFor();
      await opened.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
      expect(await opened.getByTestId('legal-placeholder-note').textContent()).toContain(
        'placeholder text',
      );
      // And on to the other document.
      await opened.getByRole('link', { name: 'Privacy Policy' }).click();
      await expectPath(opened, '/privacy');
      await opened.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
      await opened.getByTestId('legal-text').waitFor();
    });
  });

  it.each([
    { locale: 'ko-KR', path: '/terms', title: '서비스 이용약관', note: '임시 문구' },
    { locale: 'zh-CN', path: '/privacy', title: '隐私政策', note: '占位文本' },
  ])('are in the visitor’s language ($locale)', async ({ locale, path, title, note }) => {
    await withPage(browser(), { baseUrl, locale }, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      const text = page.getByTestId('legal-text');
      await text.waitFor();
      expect(await text.getAttribute('lang')).toBe(locale.slice(0, 2));
      expect(await page.getByTestId('legal-placeholder-note').textContent()).toContain(note);
    });
  });
});
