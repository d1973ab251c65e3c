import { expect, test } from './support/fixtures';

/**
 * The terms of service and the privacy policy: links of the signup form that open pages of
 * their own, in the visitor's language, with the placeholder note the operator replaces.
 */

test.describe('the terms of service and the privacy policy', () => {
  test('open from the signup form in a tab of their own', async ({ page, context }) => {
    await page.goto('/signup');
    const terms = page.getByRole('link', { name: 'Terms of Service' });
    const privacy = page.getByRole('link', { name: 'Privacy Policy' });
    await expect(terms).toHaveAttribute('href', '/terms');
    await expect(privacy).toHaveAttribute('href', '/privacy');
    // A new tab: what the seller typed into the form stays.
    await expect(terms).toHaveAttribute('target', '_blank');

    const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await expect(opened.getByTestId('legal-text')).toBeVisible();
    await expect(opened.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(opened.getByTestId('legal-placeholder-note')).toContainText('placeholder text');
    // And on to the other document.
    await opened.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(opened).toHaveURL((url) => url.pathname === '/privacy');
    await expect(opened.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expect(opened.getByTestId('legal-text')).toBeVisible();
  });

  for (const { locale, path, title, note } of [
    { locale: 'ko-KR', path: '/terms', title: '서비스 이용약관', note: '임시 문구' },
    { locale: 'zh-CN', path: '/privacy', title: '隐私政策', note: '占位文本' },
  ]) {
    test.describe(`in ${locale}`, () => {
      test.use({ locale });

      test(`are in the visitor’s language (${locale})`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(page.getByTestId('legal-text')).toHaveAttribute('lang', locale.slice(0, 2));
        await expect(page.getByTestId('legal-placeholder-note')).toContainText(note);
      });
    });
  }
});
