import type { BrowserContext, Page } from '@playwright/test';
import { createProduct, type SellerAccount, sellerClient, succeeded } from './support/api';
import { expect, failedRequest, storeInBrowser, test } from './support/fixtures';

/** Opens the account screen in `language`, the language the seller's mail is written in too. */
async function openAccount(
  page: Page,
  context: BrowserContext,
  baseUrl: string,
  seller: SellerAccount,
  language: 'en' | 'ko',
) {
  await succeeded(
    sellerClient(baseUrl, seller.token).PUT('/api/auth/language', { body: { language } }),
  );
  await storeInBrowser(context, baseUrl, { token: seller.token, language });
  await page.goto('/settings/account');
}

/**
 * The account screen in the browser, in English on a desktop and Korean on a phone: the
 * seller asks for a copy of the data, is mailed when it is ready and downloads the ZIP; the
 * account cannot be deleted while money is owed either way, and once deleted the seller is
 * signed out and can no longer sign in.
 */

const texts = {
  en: {
    heading: 'Account',
    request: 'Prepare my data',
    download: 'Download my data (ZIP)',
    readyMail: /data is ready to download/,
    password: 'Password',
    submit: 'Delete my account',
    confirm: 'Delete for good',
    refused: 'Your balance must be zero',
    payouts: 'See my payouts',
    deletedMail: /account was deleted/,
  },
  ko: {
    heading: '계정',
    request: '내 데이터 준비하기',
    download: '내 데이터 다운로드(ZIP)',
    readyMail: /다운로드할 수 있습니다/,
    password: '비밀번호',
    submit: '계정 삭제',
    confirm: '영구 삭제',
    refused: '잔액이 0원이어야 합니다',
    payouts: '지급 내역 보기',
    deletedMail: /계정이 삭제되었습니다/,
  },
} as const;

/** English on a desktop and Korean on a phone: each layout and each script once. */
for (const [screenSize, language] of [
  ['desktop', 'en'],
  ['phone', 'ko'],
] as const) {
  const words = texts[language];

  test.describe(`/settings/account in ${language} on a ${screenSize}`, () => {
    test.use({ screenSize, locale: language === 'ko' ? 'ko-KR' : 'en-US' });

    test('prepares the data, mails the seller and downloads the ZIP', async ({
      page,
      context,
      run,
      seller,
      mailbox,
    }) => {
      await openAccount(page, context, run.baseUrl, seller, language);
      await expect(page.getByRole('heading', { name: words.heading, level: 1 })).toBeVisible();

      await page.getByRole('button', { name: words.request }).click();
      await expect(page.getByTestId('export-pending')).toBeVisible();
      // Built by the server's job; the page looks again while it is pending.
      const link = page.getByRole('link', { name: words.download });
      await expect(link).toBeVisible({ timeout: 30_000 });
      await mailbox.waitFor({ to: seller.email, subject: words.readyMail });

      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^seller-center-data-\d{4}-\d{2}-\d{2}\.zip$/);
    });

    test.describe('with money owed', () => {
      test.use({ allowConsoleErrors: [failedRequest(409)] });

      test('refuses to delete while the balance is not zero and points to the payouts', async ({
        page,
        context,
        run,
        seller,
        memberSite,
      }) => {
        const productId = await createProduct(
          sellerClient(run.baseUrl, seller.token),
          run.baseUrl,
          {
            title: '도자기 기초',
            price: 12,
          },
        );
        await memberSite.recordPurchase({
          orderId: `order-${seller.nickname}`,
          productId,
          customerEmail: 'buyer@example.com',
          paymentMethod: 'card',
          amount: 13_800,
        });
        await openAccount(page, context, run.baseUrl, seller, language);
        const card = page.getByTestId('delete-account-card');
        await card.getByLabel(words.password, { exact: true }).fill(seller.password);
        await card.getByRole('button', { name: words.submit }).click();
        await page
          .getByTestId('delete-account-dialog')
          .getByRole('button', { name: words.confirm })
          .click();

        const refusal = page.getByTestId('balance-outstanding');
        await expect(refusal).toContainText(words.refused);
        await expect(refusal.getByRole('link', { name: words.payouts })).toHaveAttribute(
          'href',
          '/payouts',
        );
        // Still signed in: nothing was deleted.
        await page.reload();
        await expect(page.getByTestId('delete-account-card')).toBeVisible();
      });
    });

    test('deletes the account after the confirmation: signed out, mailed, no way back in', async ({
      page,
      context,
      run,
      seller,
      mailbox,
    }) => {
      await openAccount(page, context, run.baseUrl, seller, language);
      const card = page.getByTestId('delete-account-card');
      await card.getByLabel(words.password, { exact: true }).fill(seller.password);
      await card.getByRole('button', { name: words.submit }).click();
      const dialog = page.getByTestId('delete-account-dialog');
      await expect(dialog).toContainText(seller.nickname);
      await dialog.getByRole('button', { name: words.confirm }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('account-deleted-note')).toBeVisible();
      await mailbox.waitFor({ to: seller.email, subject: words.deletedMail });

      const login = await sellerClient(run.baseUrl).POST('/api/auth/login', {
        body: { email: seller.email, password: seller.password },
      });
      expect(login.response.status).toBe(401);
      const stale = await sellerClient(run.baseUrl, seller.token).GET('/api/auth/profile');
      expect(stale.response.status).toBe(401);
    });
  });
}
