import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createProduct, succeeded } from './support/api';
import { expect, storeInBrowser, test } from './support/fixtures';
import { expectNoOverflow } from './support/phone-layout';
import type { ScreenSize } from './support/screens';

/*
 * A buyer's downloads as the seller sees them: a sale of a product of one file (five downloads
 * per file, the default), downloaded twice through the member site's signed call. The seller
 * sees "2 / 5" in the list, opens the sale, and resets its downloads; the member site's next
 * download then counts 1 again. In English, Korean and Chinese, on a phone (390 px) and a
 * desktop (1280 px), the English desktop in the dark theme.
 */

const texts = {
  en: {
    title: 'Lightroom presets',
    confirmTitle: "Reset this sale's downloads?",
    done: 'Downloads reset. The buyer can download the files again.',
  },
  ko: {
    title: '라이트룸 프리셋',
    confirmTitle: '이 판매의 다운로드 횟수를 초기화할까요?',
    done: '다운로드 횟수를 초기화했습니다. 구매자가 파일을 다시 다운로드할 수 있습니다.',
  },
  zh: {
    title: '中文商务邮件模板',
    confirmTitle: '要重置这笔销售的下载次数吗？',
    done: '下载次数已重置，买家可以重新下载文件。',
  },
} as const;

const cases: { language: keyof typeof texts; screenSize: ScreenSize; dark?: true }[] = [
  { language: 'en', screenSize: 'desktop', dark: true },
  { language: 'en', screenSize: 'phone' },
  { language: 'ko', screenSize: 'desktop' },
  { language: 'ko', screenSize: 'phone' },
  { language: 'zh', screenSize: 'desktop' },
  { language: 'zh', screenSize: 'phone' },
];

/** Lets everything on screen settle: nothing loading, the fonts in. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

/** A full-page screenshot among the test's results, named after the screen and the width. */
async function screenshot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

for (const { language, screenSize, dark } of cases) {
  const phone = screenSize === 'phone';
  const text = texts[language];

  test.describe(`${language} on a ${screenSize}${dark ? ', dark theme' : ''}`, () => {
    test.use({ screenSize, colorScheme: dark ? 'dark' : 'light' });

    test('the seller sees a sale’s download count, opens the sale and resets it', async ({
      page,
      context,
      run,
      seller,
      api,
      memberSite,
    }) => {
      const productId = await createProduct(api, run.baseUrl, { title: text.title, price: 10 });
      const { files } = await succeeded(
        api.GET('/api/products/{id}', { params: { path: { id: productId } } }),
      );
      const fileId = files[0]?.id ?? '';
      const orderId = `ORD-${seller.nickname}-000001`;
      await memberSite.recordPurchase({
        orderId,
        productId,
        customerEmail: 'buyer@example.com',
        paymentMethod: 'card',
        amount: 13_800,
      });
      await memberSite.deliver({ orderId, fileId });
      const second = await memberSite.deliver({ orderId, fileId });
      expect([second.downloadsUsed, second.downloadsLimit]).toEqual([2, 5]);
      await storeInBrowser(context, run.baseUrl, { token: seller.token, language });

      await page.goto('/sales');
      if (dark) await expect(page.locator('html')).toContainClass('dark');
      const sale = page.getByTestId(phone ? 'transaction-card' : 'transaction-row');
      await expect(sale).toHaveCount(1);
      await expect(sale.getByTestId('download-count-value')).toContainText('2 / 5');
      // The time of the last download: on the phone's card; the table has no room for it.
      await expect(sale.getByTestId('last-download')).toHaveCount(phone ? 1 : 0);
      await settled(page);
      // Eight columns on a desktop: the amount, the last, is still in view.
      if (!phone) await expect(sale.getByTestId('amount')).toBeInViewport({ ratio: 1 });
      await expectNoOverflow(page, 'sales');
      await screenshot(page, `sales-${language}${dark ? '-dark' : ''}`);

      // The sale opens from its order id by keyboard on a desktop, from its card on a phone.
      if (phone) {
        await sale.getByTestId('card-open-sale').tap();
      } else {
        await sale.getByTestId('order-id').focus();
        await page.keyboard.press('Enter');
      }
      await expect(page).toHaveURL(/\/sales\/[^/?]+$/);
      await expect(page.getByTestId('sale-order-id')).toHaveText(orderId);
      const downloads = page.getByTestId('sale-downloads');
      await expect(downloads.getByTestId('download-count-value')).toContainText('2 / 5');
      await expect(downloads.getByTestId('last-download')).toBeVisible();
      const deliveries = page.getByTestId(phone ? 'delivery-card' : 'delivery-row');
      await expect(deliveries).toHaveCount(2);
      await expect(deliveries.first().getByTestId('delivery-file')).toHaveText('guide.pdf');
      await settled(page);
      await expectNoOverflow(page, 'sale');
      await screenshot(page, `sale-${language}${dark ? '-dark' : ''}`);

      // The delivery evidence as a printable sheet in the page's language: a PDF that the
      // server writes with a module it loads with the first sheet asked for.
      await page.getByTestId('show-evidence').click();
      const sheetButtons = page.getByTestId('evidence-pdf');
      const [sheet] = await Promise.all([
        page.waitForEvent('download'),
        sheetButtons.locator(`button[lang="${language}"]`).click(),
      ]);
      expect(sheet.suggestedFilename()).toBe(`evidence-${orderId}.pdf`);
      const sheetBytes = await readFile(await sheet.path());
      expect(sheetBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await downloads.getByTestId('reset-downloads').click();
      const dialog = page.getByTestId('reset-downloads-dialog');
      await expect(dialog).toContainText(text.confirmTitle);
      await screenshot(page, `sale-reset-dialog-${language}${dark ? '-dark' : ''}`);
      await dialog.getByTestId('reset-downloads-confirm').click();
      await expect(page.getByText(text.done)).toBeVisible();
      await expect(downloads.getByTestId('download-count-value')).toContainText('0 / 5');
      // The history stays.
      await expect(deliveries).toHaveCount(2);
      await expect(downloads.getByTestId('reset-downloads')).toBeDisabled();

      // The buyer may download again: the member site's next download is the first of five.
      const again = await memberSite.deliver({ orderId, fileId });
      expect([again.downloadsUsed, again.downloadsLimit]).toEqual([1, 5]);
    });
  });
}
