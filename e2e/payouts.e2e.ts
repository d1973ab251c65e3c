import type { Page } from '@playwright/test';
import { createProduct } from './support/api';
import { expect, storeInBrowser, test } from './support/fixtures';
import { expectNoOverflow } from './support/phone-layout';

/*
 * The seller's money on a phone, in Korean and in Chinese: three sales of 13,800 won (no
 * commission in a new account's first six months), one refunded in full and one in part, a
 * payout of 20,000 won. The balance is 41,400 − 18,800 − 20,000 = 2,600 won.
 */

const languages = [
  {
    language: 'ko',
    won: (amount: string) => `${amount}원`,
    refunded: '환불됨',
    partly: '부분 환불',
  },
  {
    language: 'zh',
    won: (amount: string) => `${amount}韩元`,
    refunded: '已退款',
    partly: '部分退款',
  },
] as const;

/** The id of the seller whose session token this is (its subject). */
function sellerIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

/** Lets everything on screen settle: nothing loading, the fonts in. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('money on a phone', () => {
  test.use({ screenSize: 'phone' });

  for (const { language, won, refunded, partly } of languages) {
    test(`${language}: refunded sales show their badge; the balance and the statement add up`, async ({
      page,
      context,
      run,
      seller,
      api,
      memberSite,
    }) => {
      await memberSite.setExchangeRate({ krw: 1_380, cny: 7.2 });
      const productId = await createProduct(api, run.baseUrl, {
        title: '라이트룸 프리셋',
        price: 10,
      });
      const orders = [0, 1, 2].map((index) => `order-${seller.nickname}-${index}`);
      for (const orderId of orders) {
        await memberSite.recordPurchase({
          orderId,
          productId,
          customerEmail: 'buyer@example.com',
          paymentMethod: 'card',
          amount: 13_800,
        });
      }
      await memberSite.recordRefund({
        refundId: `${orders[0]}-r`,
        orderId: orders[0] ?? '',
        amount: 13_800,
      });
      await memberSite.recordRefund({
        refundId: `${orders[1]}-r`,
        orderId: orders[1] ?? '',
        amount: 5_000,
      });
      await api.PUT('/api/auth/settlement-info', {
        body: { alipay: { phone: '+86 13812345678', realName: '王伟' } },
      });
      await memberSite.recordPayout({
        payoutId: `payout-${seller.nickname}`,
        sellerId: sellerIdOf(seller.token),
        amount: 20_000,
        method: 'alipay',
        reference: 'ALI-2026-0001',
      });
      await storeInBrowser(context, run.baseUrl, { token: seller.token, language });

      await page.goto('/sales?period=all');
      const cards = page.getByTestId('transaction-card');
      await expect(cards).toHaveCount(3);
      await settled(page);
      // Newest first: the untouched sale, the partly refunded one, the refunded one.
      await expect(cards.nth(1).getByTestId('sale-status')).toHaveText(partly);
      await expect(cards.nth(1).getByTestId('refunded-amount')).toContainText(won('5,000'));
      await expect(cards.nth(2).getByTestId('sale-status')).toHaveText(refunded);
      await expect(cards.nth(2).getByTestId('refunded-amount')).toContainText(won('13,800'));
      expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
      await expectNoOverflow(page, 'sales');
      await page.screenshot({
        path: test.info().outputPath(`sales-${language}-390.png`),
        fullPage: true,
      });

      await page.goto('/payouts');
      await expect(page.getByTestId('balance-amount')).toHaveText(won('2,600'));
      await expect(page.getByTestId('balance-refunds').getByTestId('part-amount')).toHaveText(
        won('-18,800'),
      );
      await expect(page.getByTestId('payout-card')).toHaveCount(1);
      await expect(page.getByTestId('ledger-card')).toHaveCount(6);
      await settled(page);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
      await expectNoOverflow(page, 'payouts');
      await page.screenshot({
        path: test.info().outputPath(`payouts-${language}-390.png`),
        fullPage: true,
      });

      await page.getByTestId('payout-card').getByRole('link').click();
      const amount = (line: string) =>
        page.getByTestId(`statement-${line}`).getByTestId('statement-amount');
      await expect(amount('opening')).toHaveText(won('0'));
      await expect(amount('sales')).toHaveText(won('41,400'));
      await expect(amount('refunds')).toHaveText(won('-18,800'));
      await expect(amount('payout')).toHaveText(won('-20,000'));
      await expect(amount('closing')).toHaveText(won('2,600'));
      await settled(page);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
      await expectNoOverflow(page, 'statement');
      await page.screenshot({
        path: test.info().outputPath(`statement-${language}-390.png`),
        fullPage: true,
      });

      // The desktop's layout of the same screens.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/payouts');
      await expect(page.getByTestId('payout-row')).toHaveCount(1);
      await settled(page);
      await page.screenshot({
        path: test.info().outputPath(`payouts-${language}-1280.png`),
        fullPage: true,
      });
      await page.goto('/sales?period=all');
      await expect(page.getByTestId('transaction-row')).toHaveCount(3);
      await settled(page);
      await page.screenshot({
        path: test.info().outputPath(`sales-${language}-1280.png`),
        fullPage: true,
      });
      await page.emulateMedia({ media: 'print' });
      await page.goto('/payouts');
      await page.getByTestId('payout-row').getByRole('link').click();
      await expect(amount('closing')).toHaveText(won('2,600'));
      await expect(page.getByTestId('statement-print')).toBeHidden();
      await expect(page.getByRole('navigation').first()).toBeHidden();
      await page.screenshot({
        path: test.info().outputPath(`statement-${language}-print.png`),
        fullPage: true,
      });
    });
  }
});
