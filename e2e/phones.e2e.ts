import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, failedRequest, withPage } from './support/browser';
import { longTitle, type RealisticShop, realisticShopForFile } from './support/realistic-shop';

/**
 * Every screen on phones of 360 to 430 px, in every language, with a seller whose data is as
 * long as real data gets (a 200-character product title, long order ids and addresses): no
 * page is wider than the screen, tables become cards, long titles are cut with the whole
 * title at hand, and the sales chart's labels keep a readable size.
 */

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const shop = realisticShopForFile(baseUrl, secret);

const languages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;

interface Route {
  name: string;
  path: (shop: RealisticShop) => string;
  signedIn: boolean;
  /** Waits until the screen shows its data (or opens the part of it to measure). */
  ready: (page: Page) => Promise<void>;
}

const shown = (page: Page, selector: string) => page.locator(selector).first().waitFor();
const testId = (page: Page, id: string) => page.getByTestId(id).first().waitFor();

const routes: Route[] = [
  {
    name: 'login',
    path: () => '/login',
    signedIn: false,
    ready: (page) => shown(page, 'form button[type=submit]'),
  },
  {
    name: 'signup',
    path: () => '/signup',
    signedIn: false,
    ready: (p) => shown(p, '#agreeToTerms'),
  },
  {
    name: 'forgot password',
    path: () => '/forgot-password',
    signedIn: false,
    ready: (p) => shown(p, 'form button[type=submit]'),
  },
  {
    name: 'reset password',
    path: () => '/reset-password?token=a-link-token-from-the-mail',
    signedIn: false,
    ready: async (page) => {
      await page.fill('#newPassword', 'Brass-Lantern-52');
      await testId(page, 'password-strength');
    },
  },
  { name: 'terms', path: () => '/terms', signedIn: false, ready: (p) => testId(p, 'legal-text') },
  {
    name: 'privacy',
    path: () => '/privacy',
    signedIn: false,
    ready: (p) => testId(p, 'legal-text'),
  },
  {
    name: 'reset password, a link without its token',
    path: () => '/reset-password',
    signedIn: false,
    ready: (p) => testId(p, 'reset-link-refused'),
  },
  { name: 'dashboard', path: () => '/', signedIn: true, ready: (p) => shown(p, 'main h1') },
  { name: 'products', path: () => '/products', signedIn: true, ready: (p) => shown(p, 'main h1') },
  {
    name: 'new product',
    path: () => '/products/create',
    signedIn: true,
    ready: (p) => testId(p, 'submit-product'),
  },
  {
    name: 'product detail',
    path: (s) => `/products/${s.longProductId}`,
    signedIn: true,
    ready: (p) => testId(p, 'product-title'),
  },
  {
    name: 'product edit',
    path: (s) => `/products/${s.longProductId}/edit`,
    signedIn: true,
    ready: (p) => testId(p, 'submit-product'),
  },
  {
    name: 'sales, transactions',
    path: () => '/sales',
    signedIn: true,
    ready: (p) => testId(p, 'transaction-card'),
  },
  {
    name: 'sales, products',
    path: () => '/sales',
    signedIn: true,
    ready: async (page) => {
      await testId(page, 'transaction-card');
      await page.getByRole('tab').nth(1).click();
      await testId(page, 'product-sales-card');
    },
  },
  {
    name: 'sales, chart',
    path: () => '/sales',
    signedIn: true,
    ready: async (page) => {
      await testId(page, 'transaction-card');
      await page.getByRole('tab').nth(2).click();
      await testId(page, 'chart-day');
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
    ready: (p) => testId(p, 'profile-bio'),
  },
  {
    name: 'developer',
    path: () => '/settings/developer',
    signedIn: true,
    ready: async (page) => {
      await testId(page, 'save-webhook');
      await shown(page, '[data-testid=webhook-deliveries][aria-busy=false]');
    },
  },
  {
    name: 'unknown page',
    path: () => '/no-such-screen',
    signedIn: true,
    ready: (p) => testId(p, 'not-found'),
  },
  {
    name: 'unknown product',
    path: () => '/products/00000000-0000-4000-8000-000000000000',
    signedIn: true,
    ready: (p) => testId(p, 'not-found'),
  },
];

/**
 * The page's width against the screen's, and what sticks out when it is wider. The screen's
 * width is the one the test set: a phone's browser widens its layout viewport (and
 * `innerWidth`) to a page that is too wide, so `innerWidth` would hide the overflow.
 */
async function overflow(page: Page) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => {
    const sticking = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => element.checkVisibility())
      .slice(-5)
      .map((element) => {
        const id = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '';
        const right = Math.round(element.getBoundingClientRect().right);
        return `${element.tagName.toLowerCase()}${id} (${right} px): ${(element.textContent ?? '').slice(0, 40)}`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, sticking };
  }, screenWidth);
}

async function openAt(
  width: number,
  language: string,
  route: Route,
  check: (page: Page) => Promise<void>,
) {
  await withPage(
    browser(),
    {
      baseUrl,
      mobile: true,
      viewport: { width, height: 844 },
      locale: language,
      allowConsoleErrors: [failedRequest(404)],
    },
    async ({ page }) => {
      await page.addInitScript(
        ({ token, lng }) => {
          localStorage.setItem('i18nextLng', lng);
          if (token) {
            localStorage.setItem('token', token);
            localStorage.setItem('userType', 'seller');
          }
        },
        { token: route.signedIn ? shop().seller.token : null, lng: language },
      );
      await page.goto(route.path(shop()));
      await route.ready(page);
      // Nothing is loading any more: no skeleton, nothing busy; the fonts are in.
      await page.waitForFunction(
        () => !document.querySelector('[data-slot="skeleton"], [aria-busy="true"]'),
      );
      await page.evaluate(() => document.fonts.ready);
      await check(page);
    },
  );
}

async function expectNoOverflow(page: Page) {
  const measured = await overflow(page);
  expect(
    measured.scrollWidth,
    `page ${measured.scrollWidth} px wide on a ${measured.innerWidth} px screen:\n${measured.sticking.join('\n')}`,
  ).toBeLessThanOrEqual(measured.innerWidth);
}

describe.concurrent.each(languages)('at 390 px in %s', (language) => {
  it.each(routes)('$name fits the screen', async (route) => {
    await openAt(390, language, route, expectNoOverflow);
  });
});

describe.concurrent.each([
  { width: 360, language: 'fr' },
  { width: 430, language: 'ko' },
])('at $width px in $language', ({ width, language }) => {
  it.each(routes)('$name fits the screen', async (route) => {
    await openAt(width, language, route, expectNoOverflow);
  });
});

const salesRoute = routes.find((route) => route.name === 'sales, transactions');
const productSalesRoute = routes.find((route) => route.name === 'sales, products');
const chartRoute = routes.find((route) => route.name === 'sales, chart');
if (!salesRoute || !productSalesRoute || !chartRoute) throw new Error('sales routes missing');

describe('the sales screen on a phone', () => {
  it('lists transactions as cards, the long title cut with the whole of it at hand', async () => {
    await openAt(390, 'en', salesRoute, async (page) => {
      expect(await page.getByTestId('transactions-table').isVisible()).toBe(false);
      const card = page.getByTestId('transaction-card').filter({ hasText: 'Ultimate' }).first();
      const title = card.getByTestId('card-product');
      expect(await title.getAttribute('title')).toBe(longTitle);
      const clamped = () =>
        title.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      expect(await clamped()).toBe(true);
      await card.getByRole('button', { name: 'Show more' }).click();
      expect(await clamped()).toBe(false);
      expect(await title.textContent()).toBe(longTitle);
      await card.getByRole('button', { name: 'Show less' }).click();
      expect(await clamped()).toBe(true);
    });
  });

  it('lists the sales per product as cards with the currency of each amount', async () => {
    await openAt(390, 'en', productSalesRoute, async (page) => {
      expect(await page.getByTestId('product-sales-table').isVisible()).toBe(false);
      const card = page.getByTestId('product-sales-card').filter({ hasText: 'Ultimate' });
      expect(await card.getByTestId('card-product').getAttribute('title')).toBe(longTitle);
      await card.getByText('Price (USD)').waitFor();
      await card.getByText('Revenue (KRW)').waitFor();
      await card.getByText('$125', { exact: true }).waitFor();
    });
  });

  it('draws the chart at the phone’s width, its axis labels at a readable size', async () => {
    await openAt(390, 'ko', chartRoute, async (page) => {
      const labels = page.getByTestId('chart-axes').locator('text');
      expect(await labels.count()).toBeGreaterThan(8);
      const heights = await labels.evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().height),
      );
      // 11 px text draws about 13 px high; a 720-unit drawing squeezed into 326 px drew ~6 px.
      expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
      // And the date labels do not run into each other.
      const dates = await labels.evaluateAll((nodes) =>
        nodes
          .filter((node) => /^\d{2}-\d{2}$/.test(node.textContent ?? ''))
          .map((node) => {
            const box = node.getBoundingClientRect();
            return { left: box.left, right: box.right };
          })
          .sort((a, b) => a.left - b.left),
      );
      expect(dates.length).toBeGreaterThanOrEqual(2);
      for (let index = 1; index < dates.length; index++) {
        expect(dates[index]?.left ?? 0).toBeGreaterThan((dates[index - 1]?.right ?? 0) + 4);
      }
    });
  });
});
