import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { describeViolations, seriousViolations } from './support/axe';
import { browserForFile, withPage } from './support/browser';
import { sellerApi } from './support/products';
import { type SellerWithSales, sellerWithSalesForFile } from './support/sales-data';

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
  const profile = await sellerApi(baseUrl, token, 'PUT', '/api/auth/profile', {
    nickname,
    bio: 'Brushes, templates and cooking classes for creators in Seoul and Shanghai.',
  });
  expect(profile.status).toBe(200);
  const settlement = await sellerApi(baseUrl, token, 'PUT', '/api/auth/settlement-info', {
    alipay: { phone: '+86 138 1234 5678', realName: '王伟' },
    bank: {
      name: 'Kookmin Bank',
      account: '123-456-7890',
      accountHolder: '김민수',
      swiftCode: 'CZNAKRSE',
      branch: 'Gangnam',
    },
    paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' },
  });
  expect(settlement.status).toBe(200);
});

type Size = 'desktop' | 'phone';

interface Screen {
  name: string;
  path: (seller: SellerWithSales) => string;
  /** Opened with the seller's session, or as a visitor. */
  signedIn: boolean;
  /** Only at this size (a menu that exists in one layout only). */
  only?: Size;
  /** Waits until the screen shows its data (or opens the part of it to check). */
  ready: (page: Page, size: Size) => Promise<void>;
}

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

const visible = (page: Page, testId: string) => page.getByTestId(testId).first().waitFor();

/** The product that sold: it has files, thumbnails and sales. */
const soldProduct = (seller: SellerWithSales) => seller.productIds[0] ?? '';

const screens: Screen[] = [
  {
    name: 'login',
    path: () => '/login',
    signedIn: false,
    ready: (page) => page.locator('form button[type=submit]').waitFor(),
  },
  {
    name: 'signup',
    path: () => '/signup',
    signedIn: false,
    ready: async (page) => {
      await page.locator('#agreeToTerms').waitFor();
      await visible(page, 'promotion-banner');
    },
  },
  {
    name: 'forgot password',
    path: () => '/forgot-password',
    signedIn: false,
    ready: (page) => page.locator('form button[type=submit]').waitFor(),
  },
  {
    name: 'forgot password, link sent',
    path: () => '/forgot-password',
    signedIn: false,
    ready: async (page) => {
      // An address without an account: the answer is the same, and nothing is mailed.
      await page.fill('#email', `nobody-${Date.now()}@example.com`);
      await page.click('form button[type=submit]');
      await visible(page, 'reset-link-sent');
    },
  },
  {
    name: 'reset password, a new password typed',
    path: () => '/reset-password?token=a-link-token-from-the-mail',
    signedIn: false,
    ready: async (page) => {
      await page.fill('#newPassword', 'Brass-Lantern-52');
      await visible(page, 'password-strength');
    },
  },
  {
    name: 'reset password, link without its token',
    path: () => '/reset-password',
    signedIn: false,
    ready: (page) => visible(page, 'reset-link-refused'),
  },
  {
    name: 'dashboard',
    path: () => '/',
    signedIn: true,
    ready: async (page) => {
      await expect
        .poll(() => page.getByTestId('stat-total-products').getByTestId('stat-value').textContent())
        .toBe('3');
      await visible(page, 'today-sales');
      await visible(page, 'share-link-card');
    },
  },
  {
    name: 'dashboard, account menu open',
    path: () => '/',
    signedIn: true,
    only: 'desktop',
    ready: async (page) => {
      await visible(page, 'share-link-card');
      await page.getByTestId('user-menu-trigger').click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'dashboard, language menu open',
    path: () => '/',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'share-link-card');
      await page.getByTestId('language-switcher').click();
      await page.getByRole('menu').waitFor();
    },
  },
  {
    name: 'dashboard, side sheet open',
    path: () => '/',
    signedIn: true,
    only: 'phone',
    ready: async (page) => {
      await visible(page, 'share-link-card');
      await page.getByTestId('mobile-menu-trigger').click();
      await visible(page, 'mobile-menu');
    },
  },
  {
    name: 'products',
    path: () => '/products',
    signedIn: true,
    ready: (page, size) => visible(page, size === 'phone' ? 'product-card' : 'product-row'),
  },
  {
    name: 'new product',
    path: () => '/products/create',
    signedIn: true,
    ready: (page) => visible(page, 'submit-product'),
  },
  {
    name: 'product detail',
    path: (seller) => `/products/${soldProduct(seller)}`,
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'product-title');
      await visible(page, 'product-file');
    },
  },
  {
    name: 'product edit',
    path: (seller) => `/products/${soldProduct(seller)}/edit`,
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'existing-file');
      await visible(page, 'submit-product');
    },
  },
  {
    name: 'sales, transactions tab',
    path: () => '/sales',
    signedIn: true,
    ready: async (page, size) => {
      // Cards on a phone, a table on a desktop.
      await visible(page, size === 'phone' ? 'transaction-card' : 'transaction-row');
      await visible(page, 'summary-amount');
      await visible(page, 'pagination');
    },
  },
  {
    name: 'sales, products tab',
    path: () => '/sales',
    signedIn: true,
    ready: async (page, size) => {
      await visible(page, 'summary-amount');
      // The tabs' names change with the language; their order does not.
      await page.getByRole('tab').nth(1).click();
      await visible(page, size === 'phone' ? 'product-sales-card' : 'product-sales-row');
    },
  },
  {
    name: 'sales, chart tab',
    path: () => '/sales',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'summary-amount');
      await page.getByRole('tab').nth(2).click();
      await visible(page, 'chart-bar');
      await visible(page, 'chart-summary');
    },
  },
  {
    name: 'settlement',
    path: () => '/settlement',
    signedIn: true,
    ready: async (page) => {
      await expect.poll(() => page.locator('#settlement-alipay-phone').inputValue()).not.toBe('');
    },
  },
  {
    name: 'profile',
    path: () => '/profile',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'profile-bio');
      await visible(page, 'change-password-card');
    },
  },
  {
    name: 'profile, two-factor setup',
    path: () => '/profile',
    signedIn: true,
    ready: async (page) => {
      // The card's one action while two-factor sign-in is off; it is never confirmed here.
      await page.getByTestId('security-card').getByRole('button').click();
      await visible(page, 'two-factor-qr');
      await visible(page, 'two-factor-secret');
    },
  },
  {
    name: 'developer',
    path: () => '/settings/developer',
    signedIn: true,
    ready: async (page) => {
      await page
        .getByTestId('api-tokens-empty')
        .or(page.getByTestId('api-token-list'))
        .first()
        .waitFor();
      await visible(page, 'save-webhook');
      await page.locator('[data-testid=webhook-deliveries][aria-busy=false]').waitFor();
    },
  },
  {
    name: 'developer, a new token and a webhook delivery',
    path: () => '/settings/developer',
    signedIn: true,
    ready: async (page, size) => {
      await page.fill('#api-token-name', 'Accessibility check');
      await page.getByTestId('scope-products:read').click();
      await page.getByTestId('create-api-token').click();
      await visible(page, 'new-api-token');
      // A closed loopback port: the delivery fails and waits for its retry, all of it shown.
      await page.fill('#webhook-url', 'http://127.0.0.1:9/hooks');
      await page.getByTestId('save-webhook').click();
      await page.getByTestId('send-test-webhook').click();
      const shown = page.getByTestId(size === 'phone' ? 'delivery-card' : 'delivery-row');
      await expect
        .poll(() => shown.first().getAttribute('data-attempted'), { timeout: 15_000 })
        .toBe('true');
    },
  },
  {
    name: 'terms of service',
    path: () => '/terms',
    signedIn: false,
    ready: (page) => visible(page, 'legal-text'),
  },
  {
    name: 'privacy policy',
    path: () => '/privacy',
    signedIn: false,
    ready: (page) => visible(page, 'legal-text'),
  },
  {
    name: 'forgot password',
    path: () => '/forgot-password',
    signedIn: false,
    ready: (page) => page.locator('form button[type=submit]').waitFor(),
  },
  {
    name: 'dashboard, a day of the chart shown',
    path: () => '/',
    signedIn: true,
    ready: async (page) => {
      await page.getByTestId('revenue-chart-day').last().focus();
      await page.getByRole('tooltip').waitFor();
    },
  },
  {
    name: 'sales, a day of the chart shown',
    path: () => '/sales',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'summary-amount');
      await page.getByRole('tab').nth(2).click();
      await page.getByTestId('chart-day').last().focus();
      await page.getByRole('tooltip').waitFor();
    },
  },
  {
    name: 'not found',
    path: () => '/no-such-screen',
    signedIn: true,
    ready: (page) => visible(page, 'not-found'),
  },
];

const sizes: { size: Size; mobile: boolean }[] = [
  { size: 'desktop', mobile: false },
  { size: 'phone', mobile: true },
];
const languages = [
  { language: 'English', locale: 'en-US', lang: 'en' },
  { language: 'Korean', locale: 'ko-KR', lang: 'ko' },
];
/** The system's theme, which the app follows: contrast is checked in both. */
const themes = [{ theme: 'light' }, { theme: 'dark' }] as const;

/*
 * Every screen at both sizes in both themes in English, and in the light theme in Korean: the
 * colours do not depend on the language, the layout and the fonts do.
 */
describe.concurrent.each(
  sizes.flatMap((size) =>
    languages.flatMap((language) =>
      themes
        .filter((theme) => language.lang === 'en' || theme.theme === 'light')
        .map((theme) => ({ ...size, ...language, ...theme })),
    ),
  ),
)(
  'accessibility at $size size in $language, $theme theme',
  ({ size, mobile, locale, lang, theme }) => {
    it.each(screens.filter((screen) => !screen.only || screen.only === size))(
      '$name has no serious or critical axe violation',
      async (screen) => {
        await withPage(
          browser(),
          { baseUrl, mobile, locale, colorScheme: theme, bypassCSP: true },
          async ({ page }) => {
            const path = screen.path(data());
            if (screen.signedIn) await storeSession(page, data().seller.token);
            await page.goto(path);
            await screen.ready(page, size);
            expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
            // The screen speaks the context's language (the browser's, as a visitor's would be).
            expect(await page.getAttribute('html', 'lang')).toMatch(new RegExp(`^${lang}(-|$)`));
            const violations = await seriousViolations(page);
            expect(describeViolations(violations)).toBe('');
          },
        );
      },
    );
  },
);
