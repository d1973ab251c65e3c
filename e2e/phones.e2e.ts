import type { Page } from '@playwright/test';
import { test as base, expect, failedRequest, storeInBrowser } from './support/fixtures';
import { expectNoOverflow } from './support/phone-layout';
import { longTitle, type RealisticShop, realisticShop } from './support/realistic-shop';
import { type Screen, screenNamed, screens, walkScreens } from './support/screens';

/**
 * Every screen on phones of 360 to 430 px, in every language, with a seller whose data is as
 * long as real data gets (a 200-character product title, long order ids and addresses): no
 * page is wider than the screen, tables become cards, long titles are cut with the whole
 * title at hand, and the sales chart's labels keep a readable size.
 */

/**
 * Checks the page at the first of `widths` (the width it was opened at), then at each further
 * width by resizing the same page (a phone turned, another phone's width) and checking again.
 */
async function atWidths(
  page: Page,
  widths: readonly [number, ...number[]],
  check: (page: Page) => Promise<void>,
): Promise<void> {
  // Nothing is loading any more: no skeleton, nothing busy; the fonts are in.
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
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
  await page.setViewportSize({ width: widths[0], height: 844 });
}

type OpenAt = (
  widths: readonly [number, ...number[]],
  language: string,
  route: Screen,
  check: (page: Page) => Promise<void>,
) => Promise<void>;

const test = base.extend<{ openAt: OpenAt }, { realShop: RealisticShop }>({
  /** The seller with real-length data, made once per worker. */
  realShop: [
    async ({ run, memberSite }, use) => {
      await use(await realisticShop(run.baseUrl, memberSite));
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** Opens one screen at the first of `widths` in `language` and checks it at each width. */
  openAt: async ({ page, context, run, realShop }, use) => {
    await use(async (widths, language, route, check) => {
      await page.setViewportSize({ width: widths[0], height: 844 });
      await storeInBrowser(context, run.baseUrl, {
        ...(route.signedIn ? { token: realShop.seller.token } : {}),
        language,
      });
      await page.goto(route.path(realShop.longProductId));
      await route.ready(page, 'phone');
      await atWidths(page, widths, check);
    });
  },
});

test.use({ screenSize: 'phone', allowConsoleErrors: [failedRequest(404)] });

const languages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;

/** The screens as they are; their other states are for the accessibility checks. */
const routes = screens.filter((screen) => !screen.state && screen.only !== 'desktop');

/** Every language at 390 px; French (long words) also at 360 px, Korean also at 430 px. */
const sweeps = languages.map((language) => ({
  language,
  widths: (language === 'fr' ? [390, 360] : language === 'ko' ? [390, 430] : [390]) as [
    number,
    ...number[],
  ],
}));

for (const { language, widths } of sweeps) {
  test.describe(`in ${language}`, () => {
    test.use({ locale: language });
    // Every screen in one walk: a few seconds each on a busy machine.
    test.describe.configure({ timeout: 300_000 });

    test(`every screen fits ${widths.join(' and ')} px`, async ({
      page,
      context,
      run,
      realShop,
    }) => {
      await page.setViewportSize({ width: widths[0], height: 844 });
      const walk = {
        page,
        context,
        baseUrl: run.baseUrl,
        token: realShop.seller.token,
        language,
        productId: realShop.longProductId,
      };
      await walkScreens(walk, routes, 'phone', () =>
        atWidths(page, widths, (page) => expectNoOverflow(page)),
      );
    });
  });
}

/**
 * Just past a phone (768 px, where the tables replace the cards) the long tables scroll inside
 * their card; the page stays as wide as the screen. Checked where a table sits in a card's grid.
 */
test.describe('tables just past a phone', () => {
  test.use({ screenSize: 'desktop' });
  for (const language of ['fr', 'tr'] as const) {
    test(`keep the customers and the ledger inside 768 px in ${language}`, async ({
      page,
      context,
      run,
      realShop,
    }) => {
      await page.setViewportSize({ width: 768, height: 900 });
      await storeInBrowser(context, run.baseUrl, { token: realShop.seller.token, language });
      for (const [path, row] of [
        ['/customers', 'customer-row'],
        ['/payouts', 'ledger-row'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByTestId(row).first()).toBeVisible();
        await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
        await page.evaluate(() => document.fonts.ready);
        await expectNoOverflow(page, path);
      }
    });
  }
});

const salesRoute = screenNamed('sales, transactions tab');
const productSalesRoute = screenNamed('sales, products tab');
const chartRoute = screenNamed('sales, chart tab');

test.describe('the sales screen on a phone', () => {
  test.use({ locale: 'en' });

  test('lists transactions as cards, the long title cut with the whole of it at hand', async ({
    openAt,
  }) => {
    await openAt([390], 'en', salesRoute, async (page) => {
      await expect(page.getByTestId('transactions-table')).toBeHidden();
      const card = page.getByTestId('transaction-card').filter({ hasText: 'Ultimate' }).first();
      const title = card.getByTestId('card-product');
      await expect(title).toHaveAttribute('title', longTitle);
      const clamped = () =>
        title.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      await expect.poll(clamped).toBe(true);
      await card.getByRole('button', { name: 'Show more' }).click();
      await expect.poll(clamped).toBe(false);
      await expect(title).toHaveText(longTitle);
      await card.getByRole('button', { name: 'Show less' }).click();
      await expect.poll(clamped).toBe(true);
    });
  });

  test('lists the sales per product as cards with the currency of each amount', async ({
    openAt,
  }) => {
    await openAt([390], 'en', productSalesRoute, async (page) => {
      await expect(page.getByTestId('product-sales-table')).toBeHidden();
      const card = page.getByTestId('product-sales-card').filter({ hasText: 'Ultimate' });
      await expect(card.getByTestId('card-product')).toHaveAttribute('title', longTitle);
      await expect(card.getByText('Price (USD)')).toBeVisible();
      await expect(card.getByText('Revenue (KRW)')).toBeVisible();
      await expect(card.getByText('$125', { exact: true })).toBeVisible();
    });
  });

  test.describe('in Korean', () => {
    test.use({ locale: 'ko' });

    test('draws the chart at the phone’s width, its axis labels at a readable size', async ({
      openAt,
    }) => {
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
});
