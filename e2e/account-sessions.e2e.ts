import { sellerClient, succeeded } from './support/api';
import { expect, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { expectNoLayoutShift } from './support/layout-shift';

const languages = [
  {
    language: 'English',
    locale: 'en-US',
    security: 'Security',
    thisDevice: 'This device',
    signOut: 'Sign out',
    signedOut: 'The device was signed out.',
  },
  {
    language: 'Korean',
    locale: 'ko-KR',
    security: '보안',
    thisDevice: '이 기기',
    signOut: '로그아웃',
    signedOut: '기기를 로그아웃했습니다.',
  },
] as const;

/** English on a desktop and Korean on a phone: each layout and each script once. */
for (const [screenSize, texts] of [
  ['desktop', languages[0]],
  ['phone', languages[1]],
] as const) {
  test.describe(`the security area at ${screenSize} size in ${texts.language}`, () => {
    test.use({ screenSize, locale: texts.locale });

    test('lists both sign-ins and signs the other one out: its next call is refused', async ({
      page,
      run,
      seller,
    }) => {
      // A second sign-in, as from another browser.
      const other = await succeeded(
        sellerClient(run.baseUrl).POST('/api/auth/login', {
          body: { email: seller.email, password: seller.password },
          headers: {
            'user-agent':
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
          },
        }),
      );
      const otherToken = 'token' in other ? other.token : '';
      expect(otherToken).not.toBe('');

      await page.goto('/');
      // Reached from the account menu on a desktop, from the side sheet on a phone.
      if (screenSize === 'phone') {
        await page.getByTestId('mobile-menu-trigger').click();
        await page.getByTestId('mobile-menu').getByRole('link', { name: texts.security }).click();
      } else {
        await page.getByTestId('user-menu-trigger').click();
        await page.getByTestId('security-link').click();
      }
      await expect(page).toHaveURL(/\/settings\/security$/);
      await expect(page.getByRole('heading', { name: texts.security, level: 1 })).toBeVisible();

      const rows = page.getByTestId(screenSize === 'phone' ? 'session-card' : 'session-row');
      await expect(rows).toHaveCount(2);
      const current = rows.filter({ hasText: texts.thisDevice });
      await expect(current).toHaveCount(1);
      const firefox = rows.filter({ hasText: 'Firefox 133' });
      await expect(firefox).toHaveCount(1);
      // Nothing wider than the screen on a phone.
      if (screenSize === 'phone') {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      await firefox.getByRole('button', { name: texts.signOut }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByRole('button', { name: texts.signOut }).click();
      await expect(page.getByText(texts.signedOut)).toBeVisible();
      await expect(rows).toHaveCount(1);

      const refused = await sellerClient(run.baseUrl, otherToken).GET('/api/auth/profile');
      expect(refused.response.status).toBe(401);

      const events = page.getByTestId(screenSize === 'phone' ? 'activity-item' : 'activity-row');
      await expect(events.first()).toHaveAttribute('data-event-type', 'session_revoked');
    });
  });
}

for (const screenSize of ['phone', 'desktop'] as const) {
  test.describe(`the security page loading at ${screenSize} size`, () => {
    test.use({ screenSize });

    test('moves nothing on the screen when its answers come in, whatever their order', async ({
      page,
      seller: _,
    }) => {
      // The answers of the cards lower on the page come first, the sessions' last.
      const sessions = await holdRequests(page, '**/api/auth/sessions');
      const activity = await holdRequests(page, '**/api/auth/activity**');
      const profile = await holdRequests(page, '**/api/auth/profile');
      await page.goto('/settings/security');
      await expect(page.getByTestId('sessions-card')).toBeVisible();
      await expectNoLayoutShift(
        page,
        async () => {
          profile.release();
          activity.release();
          await page.waitForTimeout(300);
          sessions.release();
          await expect(
            page.getByTestId(screenSize === 'phone' ? 'session-card' : 'session-row'),
          ).toHaveCount(1);
          await expect(page.getByTestId('email-change-card')).toBeVisible();
        },
        0,
      );
    });

    test('shows the cards below the sessions when their answer does not come', async ({
      page,
      seller: _,
    }) => {
      // Never released: the sessions stay loading.
      await holdRequests(page, '**/api/auth/sessions');
      await page.goto('/settings/security');
      await expect(page.getByTestId('activity-card')).toBeVisible();
      await expect(page.getByTestId('email-change-card')).toBeVisible();
      await expect(page.getByTestId('sessions-card')).toBeVisible();
    });
  });
}
