import { type SellerAccount, sellerClient, signUp, succeeded } from './support/api';
import { expect, failedRequest, storeInBrowser, test } from './support/fixtures';
import { linkIn } from './support/mailbox';

/**
 * The email change on `/settings/security`, in English on a desktop and Korean on a phone:
 * an address in use and a wrong password are refused under their fields, in the page's
 * language; the link mailed to the new address (in the seller's language) moves the sign-in
 * there once confirmed, signing every device out, and the old address is told.
 */

const texts = {
  en: {
    locale: 'en-US',
    newEmail: 'New email address',
    password: 'Current password',
    submit: 'Send confirmation link',
    emailTaken: 'This email is already registered.',
    wrongPassword: 'The current password is not correct.',
    sent: 'A confirmation link was sent to',
    linkSubject: /^Confirm your new Seller Center email address$/,
    noticeSubject: /^Your Seller Center email address is about to change$/,
    confirm: 'Confirm this address',
    done: 'Your account now uses',
    signIn: 'Log in',
  },
  ko: {
    locale: 'ko-KR',
    newEmail: '새 이메일 주소',
    password: '현재 비밀번호',
    submit: '확인 링크 보내기',
    emailTaken: '이미 등록된 이메일입니다.',
    wrongPassword: '현재 비밀번호가 올바르지 않습니다.',
    sent: '(으)로 확인 링크를 보냈습니다.',
    linkSubject: /^Seller Center 새 이메일 주소를 확인하세요$/,
    noticeSubject: /^Seller Center 이메일 주소가 곧 변경됩니다$/,
    confirm: '이 주소 확인',
    done: '이제 계정이',
    signIn: '로그인',
  },
} as const;

/** The seller's language, for the mail, and the page's, before anything opens. */
async function useLanguage(
  context: Parameters<typeof storeInBrowser>[0],
  baseUrl: string,
  seller: SellerAccount,
  language: 'en' | 'ko',
) {
  await succeeded(
    sellerClient(baseUrl, seller.token).PUT('/api/auth/language', { body: { language } }),
  );
  await storeInBrowser(context, baseUrl, { token: seller.token, language });
}

/** English on a desktop and Korean on a phone: each layout and each script once. */
for (const [screenSize, language] of [
  ['desktop', 'en'],
  ['phone', 'ko'],
] as const) {
  const words = texts[language];

  test.describe(`the email change in ${language} on a ${screenSize}`, () => {
    // 409 for the address in use, 400 for the wrong password: both shown under their field.
    test.use({
      screenSize,
      locale: words.locale,
      allowConsoleErrors: [failedRequest(409), failedRequest(400)],
    });

    test('refuses an address in use and a wrong password, then moves the sign-in through the mailed link', async ({
      page,
      context,
      run,
      seller,
      mailbox,
    }) => {
      await useLanguage(context, run.baseUrl, seller, language);
      const someoneElse = await signUp(run.baseUrl);
      const newEmail = `moved-${seller.nickname}@example.com`;
      await page.goto('/settings/security');
      const card = page.getByTestId('email-change-card');
      await expect(card).toContainText(seller.email);
      const address = card.getByLabel(words.newEmail);
      const password = card.getByLabel(words.password, { exact: true });
      const submit = card.getByRole('button', { name: words.submit });

      await address.fill(someoneElse.email);
      await password.fill(seller.password);
      await submit.click();
      await expect(card.getByText(words.emailTaken)).toBeVisible();
      await expect(address).toHaveAttribute('aria-invalid', 'true');

      await address.fill(newEmail);
      await password.fill(`${seller.password}-not`);
      await submit.click();
      await expect(card.getByText(words.wrongPassword)).toBeVisible();
      await expect(password).toHaveAttribute('aria-invalid', 'true');

      await password.fill(seller.password);
      await submit.click();
      const sent = card.getByTestId('email-change-sent');
      await expect(sent).toContainText(newEmail);
      await expect(sent).toContainText(words.sent);
      await expect(address).toHaveValue('');
      if (screenSize === 'phone') {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      }

      // The link goes to the new address, the notice to the current one, both in the
      // seller's language.
      const [mail] = await mailbox.waitFor({ to: newEmail, subject: words.linkSubject });
      if (!mail) throw new Error('no confirmation mail');
      await mailbox.waitFor({ to: seller.email, subject: words.noticeSubject });
      const link = linkIn(mail, '/confirm-email');
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: words.confirm }).click();
      const confirmed = page.getByTestId('email-confirmed');
      await expect(confirmed).toContainText(newEmail);
      await expect(confirmed).toContainText(words.done);

      // Every session ended, this browser's too: the page leads to the login, and the new
      // address signs in from now on.
      const signedOut = await sellerClient(run.baseUrl, seller.token).GET('/api/auth/profile');
      expect(signedOut.response.status).toBe(401);
      await page.getByRole('link', { name: words.signIn, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      const api = sellerClient(run.baseUrl);
      const moved = await api.POST('/api/auth/login', {
        body: { email: newEmail, password: seller.password },
      });
      expect(moved.response.status).toBe(200);
      // The old address is refused once, on one screen only: refused sign-ins from this
      // address count toward the run's per-address limit.
      if (screenSize === 'desktop' && language === 'en') {
        const old = await api.POST('/api/auth/login', {
          body: { email: seller.email, password: seller.password },
        });
        expect(old.response.status).toBe(401);
      }
    });
  });
}
