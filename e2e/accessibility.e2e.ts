import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe';
import { browserForFile, failedRequest, withPage } from './support/browser';
import { sellerWithSalesForFile } from './support/sales-data';
import { type ScreenSize, screens } from './support/screens';
import { fillShopDetails } from './support/sellers';

/**
 * Every screen of the app, signed out and signed in with a seller who has products, sales,
 * a bio and payout details, checked by axe at desktop and phone sizes in English and Korean.
 * A serious or critical violation fails the screen's test and is listed with its elements.
 */

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const data = sellerWithSalesForFile(baseUrl, secret);

beforeAll(async () => {
  const { token, nickname } = data().seller;
  await fillShopDetails(baseUrl, token, nickname);
});

/**
 * Stores the session the way the app does, before any of its scripts run: one page load per
 * screen instead of two (there are some sixty screens to check).
 */
async function storeSession(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('userType', 'seller');
  }, token);
}

/** The product that sold: it has files, thumbnails and sales. */
const soldProduct = () => data().productIds[0] ?? '';

const sizes: { size: ScreenSize; mobile: boolean }[] = [
  { size: 'desktop', mobile: false },
  { size: 'phone', mobile: true },
];
const languages = [
  { language: 'English', locale: 'en-US', lang: 'en' },
  { language: 'Korean', locale: 'ko-KR', lang: 'ko' },
];
/*
 * Every screen at both sizes in English and in Korean. English is checked in the light theme
 * and then, on the same page, in the dark one (the app follows the system's theme as it
 * changes): the colours do not depend on the language, the layout and the fonts do.
 */
describe.concurrent.each(
  sizes.flatMap((size) => languages.map((language) => ({ ...size, ...language }))),
)('accessibility at $size size in $language', ({ size, mobile, locale, lang }) => {
  const themes = lang === 'en' ? (['light', 'dark'] as const) : (['light'] as const);
  it.each(screens.filter((screen) => !screen.only || screen.only === size))(
    `$name has no serious or critical axe violation (${themes.join(' and ')} theme)`,
    async (screen) => {
      await withPage(
        browser(),
        {
          baseUrl,
          mobile,
          locale,
          colorScheme: 'light',
          bypassCSP: true,
          allowConsoleErrors: [failedRequest(404)],
        },
        async ({ page }) => {
          const path = screen.path(soldProduct());
          if (screen.signedIn) await storeSession(page, data().seller.token);
          await page.goto(path);
          await screen.ready(page, size);
          // The screen speaks the context's language (the browser's, as a visitor's would be).
          expect(await page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${lang}(-|$)`));
          // Colours change at once when the theme does, not through a transition that axe
          // would catch half-way.
          await page.addStyleTag({
            content: '*, *::before, *::after { transition: none !important; }',
          });
          for (const theme of themes) {
            await page.emulateMedia({ colorScheme: theme });
            await page.waitForFunction(
              (expected) => document.documentElement.classList.contains(expected),
              theme,
            );
            const violations = await seriousViolations(page);
            expect(describeViolations(violations), `${theme} theme`).toBe('');
          }
        },
      );
    },
  );
});
