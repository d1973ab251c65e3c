import { sellerClient, succeeded } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * The activity on `/settings/security`, in English on a desktop and Korean on a phone: what
 * happened to the account in words, ten events a page, and "sign out everywhere else" ending
 * every other sign-in and showing in the list at once.
 */

const browsers = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

const languages = [
  {
    language: 'English',
    locale: 'en-US',
    signOutOthers: 'Sign out everywhere else',
    othersRevoked: 'Every other device was signed out.',
    thisDevice: 'This device',
    types: {
      session_revoked: 'Device signed out',
      settlement_changed: 'Payout details changed',
      api_token_revoked: 'API token revoked',
      api_token_created: 'API token created',
      login: 'Signed in',
    },
    firefox: 'Firefox 133 on Windows 10',
    showing: ['Events 1–10 of 11', 'Events 11–11 of 11'],
    next: 'Next',
  },
  {
    language: 'Korean',
    locale: 'ko-KR',
    signOutOthers: '다른 모든 기기에서 로그아웃',
    othersRevoked: '다른 모든 기기를 로그아웃했습니다.',
    thisDevice: '이 기기',
    types: {
      session_revoked: '기기 로그아웃',
      settlement_changed: '정산 정보 변경',
      api_token_revoked: 'API 토큰 취소',
      api_token_created: 'API 토큰 생성',
      login: '로그인',
    },
    firefox: 'Windows 10의 Firefox 133',
    showing: ['전체 11건 중 1–10', '전체 11건 중 11–11'],
    next: '다음',
  },
] as const;

/** English on a desktop and Korean on a phone: each layout and each script once. */
for (const [screenSize, words] of [
  ['desktop', languages[0]],
  ['phone', languages[1]],
] as const) {
  test.describe(`the activity at ${screenSize} size in ${words.language}`, () => {
    test.use({ screenSize, locale: words.locale });

    test('tells what happened ten events a page, and signs every other device out', async ({
      page,
      run,
      seller,
      api,
    }) => {
      // Ten events besides the signup's: three sign-ins from other browsers, three API
      // tokens made and two revoked, the payout details; the eleventh comes from the page.
      const others: string[] = [];
      for (const userAgent of browsers) {
        const signedIn = await succeeded(
          sellerClient(run.baseUrl).POST('/api/auth/login', {
            body: { email: seller.email, password: seller.password },
            headers: { 'user-agent': userAgent },
          }),
        );
        others.push('token' in signedIn ? signedIn.token : '');
      }
      const tokens: string[] = [];
      for (const name of ['shop sync', 'sales report', 'backup']) {
        const created = await succeeded(
          api.POST('/api/auth/api-tokens', { body: { name, scopes: ['sales:read'] } }),
        );
        tokens.push(created.id);
      }
      for (const id of tokens.slice(0, 2)) {
        await succeeded(api.DELETE('/api/auth/api-tokens/{id}', { params: { path: { id } } }));
      }
      await succeeded(
        api.PUT('/api/auth/settlement-info', {
          body: {
            paypal: {
              email: `payouts-${seller.nickname}@example.com`,
              accountHolder: 'Kim Minji',
            },
          },
        }),
      );

      await page.goto('/settings/security');
      const sessions = page.getByTestId(screenSize === 'phone' ? 'session-card' : 'session-row');
      await expect(sessions).toHaveCount(4);
      await page.getByRole('button', { name: words.signOutOthers }).click();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: words.signOutOthers })
        .click();
      await expect(page.getByText(words.othersRevoked)).toBeVisible();
      await expect(sessions).toHaveCount(1);
      await expect(sessions).toContainText(words.thisDevice);
      await expect(page.getByRole('button', { name: words.signOutOthers })).toHaveCount(0);
      for (const token of others) {
        const refused = await sellerClient(run.baseUrl, token).GET('/api/auth/profile');
        expect(refused.response.status).toBe(401);
      }

      // Newest first, in words; the sign-ins name the browser they came from.
      const events = page.getByTestId(screenSize === 'phone' ? 'activity-item' : 'activity-row');
      const pagination = page.getByTestId('activity-pagination');
      await expect(events).toHaveCount(10);
      await expect(pagination).toContainText(words.showing[0]);
      const { types } = words;
      const expected = [
        types.session_revoked,
        types.settlement_changed,
        types.api_token_revoked,
        types.api_token_revoked,
        types.api_token_created,
        types.api_token_created,
        types.api_token_created,
        types.login,
        types.login,
        types.login,
      ];
      for (const [index, label] of expected.entries()) {
        await expect(events.nth(index)).toContainText(label);
      }
      await expect(events.first()).toHaveAttribute('data-event-type', 'session_revoked');
      await expect(events.filter({ hasText: words.firefox })).toHaveCount(1);
      if (screenSize === 'phone') {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      // The second page holds the oldest: the signup's sign-in.
      await pagination.getByRole('button', { name: words.next }).click();
      await expect(pagination).toContainText(words.showing[1]);
      await expect(events).toHaveCount(1);
      await expect(events.first()).toHaveAttribute('data-event-type', 'login');
      await expect(events.first()).toContainText(types.login);
    });
  });
}
