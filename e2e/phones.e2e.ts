import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, failedRequest, withPage } from './support/browser';
import { longTitle, realisticShopForFile } from './support/realistic-shop';
import { type Screen, screenNamed, screens } from './support/screens';

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

/** The screens as they are; their other states are for the accessibility checks. */
const routes = screens.filter((screen) => !screen.state && screen.only !== 'desktop');

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

/**
 * Opens the screen at the first of `widths` and checks it, then at each further width by
 * resizing the same page (a phone turned, another phone's width), and checks it again: one
 * page load for several widths.
 */
async function openAt(
  widths: readonly [number, ...number[]],
  language: string,
  route: Screen,
  check: (page: Page) => Promise<void>,
) {
  await withPage(
    browser(),
    {
      baseUrl,
      mobile: true,
      viewport: { width: widths[0], height: 844 },
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
      await page.goto(route.path(shop().longProductId));
      await route.ready(page, 'phone');
      // Nothing is loading any more: no skeleton, nothing busy; the fonts are in.
      await page.waitForFunction(
        () => !document.querySelector('[data-slot="skeleton"], [aria-busy="true"]'),
      );
      await page.evaluate(() => document.fonts.ready);
      await check(page);
      for (const width of widths.slice(1)) {
        await page.setViewportSize({ width, height: 844 });
        // Two frames: the resize is laid out and whatever it re-rendered is painted.
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        await check(page);
      }
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

/** Every language at 390 px; French (long words) also at 360 px, Korean also at 430 px. */
const sweeps = languages.map((language) => ({
  language,
  widths: (language === 'fr' ? [390, 360] : language === 'ko' ? [390, 430] : [390]) as [
    number,
    ...number[],
  ],
}));

describe.concurrent.each(sweeps)('in $language at $widths px', ({ language, widths }) => {
  it.each(routes)('$name fits the screen', async (route) => {
    await openAt(widths, language, route, expectNoOverflow);
  });
});

const salesRoute = screenNamed('sales, transactions tab');
const productSalesRoute = screenNamed('sales, products tab');
const chartRoute = screenNamed('sales, chart tab');

describe('the sales screen on a phone', () => {
  it('lists transactions as cards, the long title cut with the whole of it at hand', async () => {
    await openAt([390], 'en', salesRoute, async (page) => {
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
    await openAt([390], 'en', productSalesRoute, async (page) => {
      expect(await page.getByTestId('product-sales-table').isVisible()).toBe(false);
      const card = page.getByTestId('product-sales-card').filter({ hasText: 'Ultimate' });
      expect(await card.getByTestId('card-product').getAttribute('title')).toBe(longTitle);
      await card.getByText('Price (USD)').waitFor();
      await card.getByText('Revenue (KRW)').waitFor();
      await card.getByText('$125', { exact: true }).waitFor();
    });
  });

  it('draws the chart at the phone’s width, its axis labels at a readable size', async () => {
    await openAt([390], 'ko', chartRoute, async (page) => {
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
