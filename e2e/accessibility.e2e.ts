import { fillShopDetails, sellerClient } from './support/api';
import { describeViolations, seriousViolations } from './support/axe';
import { test as base, expect, failedRequest } from './support/fixtures';
import { type SellerWithSales, sellerWithSales } from './support/sales-data';
import { screens, walkScreens } from './support/screens';

/**
 * Every screen of the app, signed out and signed in with a seller who has products, sales,
 * a bio and payout details, checked by axe in English on a desktop and in Korean on a phone, in
 * the light and the dark theme. A serious or critical violation fails the walk and is listed
 * under the screen's name with its elements.
 */

const test = base.extend<object, { detailedShop: SellerWithSales }>({
  /** The shop's data and a bio and payout details, filled in: made once per worker. */
  detailedShop: [
    async ({ run, memberSite }, use) => {
      const shop = await sellerWithSales(run.baseUrl, memberSite);
      await fillShopDetails(sellerClient(run.baseUrl, shop.seller.token), shop.seller.nickname);
      await use(shop);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Each layout once and each script once: English on a desktop, Korean on a phone. */
const walks = [
  { size: 'desktop', language: 'English', locale: 'en-US', lang: 'en' },
  { size: 'phone', language: 'Korean', locale: 'ko-KR', lang: 'ko' },
] as const;

/*
 * Every screen, one walk through the screens on one page per size. Each screen is checked in
 * the light theme and then, on the same page, in the dark one (the app follows the system's
 * theme as it changes).
 */
for (const { size, language, locale, lang } of walks) {
  test.describe(`accessibility at ${size} size in ${language}`, () => {
    // axe is injected as an inline script, which the app's Content-Security-Policy refuses.
    test.use({
      screenSize: size,
      locale,
      colorScheme: 'light',
      bypassCSP: true,
      allowConsoleErrors: [failedRequest(404)],
    });
    // Every screen in one walk: a few seconds each on a busy machine.
    test.describe.configure({ timeout: 400_000 });
    const themes = ['light', 'dark'] as const;

    test(`no screen has a serious or critical axe violation (${themes.join(' and ')} theme)`, async ({
      page,
      context,
      run,
      detailedShop,
    }) => {
      const walk = {
        page,
        context,
        baseUrl: run.baseUrl,
        token: detailedShop.seller.token,
        // The product that sold: it has files, thumbnails and sales.
        productId: detailedShop.productIds[0] ?? '',
      };
      const list = screens.filter((screen) => !screen.only || screen.only === size);
      await walkScreens(walk, list, size, async () => {
        // The screen speaks the context's language (the browser's, as a visitor's would be).
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}(-|$)`));
        // Colours change at once when the theme does, not through a transition that axe
        // would catch half-way.
        await page.addStyleTag({
          content: '*, *::before, *::after { transition: none !important; }',
        });
        for (const theme of themes) {
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toContainClass(theme);
          const violations = await seriousViolations(page);
          expect(describeViolations(violations), `${theme} theme`).toBe('');
        }
        // The next screen opens in the light theme again.
        await page.emulateMedia({ colorScheme: 'light' });
      });
    });
  });
}
