import type { Locator, Page } from '@playwright/test';
import { createProduct, sellerClient, signUp } from './support/api';
import { test as base, expect, signIn } from './support/fixtures';
import { expectNoOverflow } from './support/phone-layout';

const languages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;
const widths = [360, 390, 430] as const;
/** The longest title allowed, without a single space to break it at. */
const longTitle = 'Supercalifragilistic'.repeat(10);

const test = base.extend<object, { catalogue: { token: string; productId: string } }>({
  /** A seller with the long-titled product and a short one, made once per worker. */
  catalogue: [
    async ({ run }, use) => {
      const seller = await signUp(run.baseUrl);
      const api = sellerClient(run.baseUrl, seller.token);
      const productId = await createProduct(api, run.baseUrl, { title: longTitle, price: 12 });
      await createProduct(api, run.baseUrl, { title: 'A short one', price: 3 });
      await use({ token: seller.token, productId });
    },
    { scope: 'worker' },
  ],
});

test.use({ screenSize: 'phone' });

/** The element is shown, and entirely within the width of the screen. */
async function expectWithinScreen(element: Locator, width: number): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5).toBe(true);
}

/** The page at each phone width in turn, by resizing it: a phone turned, another phone. */
async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    // Two frames: the resize is laid out and whatever it re-rendered is painted.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await check(width);
  }
}

test.describe('the products screens on phones', () => {
  for (const language of languages) {
    test(`fit 360–430 px in ${language}, with a 200-character title`, async ({
      page,
      context,
      run,
      catalogue,
    }) => {
      await signIn(context, run.baseUrl, catalogue.token);
      await page.setViewportSize({ width: widths[0], height: 800 });
      await page.goto(`/products?lng=${language}`);
      const card = page.getByTestId('product-card').filter({ hasText: longTitle.slice(0, 60) });
      await expect(card).toBeVisible();
      await atEachWidth(page, async (width) => {
        await expectNoOverflow(page, `/products ${language} ${width}px`);
        // The badge, the delete button and "new product" stay in view.
        await expectWithinScreen(card.getByTestId('status-badge'), width);
        await expectWithinScreen(card.getByTestId('delete-product'), width);
        await expectWithinScreen(page.getByTestId('create-product'), width);
        // The title is cut to two lines, its full text kept for whoever wants it.
        const title = card.getByTestId('product-title-link');
        await expect(title).toHaveAttribute('title', longTitle);
        const lines = await title.evaluate((element) => {
          const style = getComputedStyle(element);
          return element.clientHeight / Number.parseFloat(style.lineHeight);
        });
        expect(Math.round(lines)).toBeLessThanOrEqual(2);
        // Each card carries the product's figures.
        for (const figure of [
          'product-price',
          'product-revenue',
          'product-sales',
          'product-views',
        ]) {
          await expectWithinScreen(card.getByTestId(figure), width);
        }
      });

      for (const path of [
        `/products/${catalogue.productId}`,
        `/products/${catalogue.productId}/edit`,
        '/products/create',
      ]) {
        await page.setViewportSize({ width: widths[0], height: 800 });
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        // Nothing is loading any more: no skeleton, nothing busy; the fonts are in.
        await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
        await page.evaluate(() => document.fonts.ready);
        await atEachWidth(page, (width) =>
          expectNoOverflow(page, `${path} ${language} ${width}px`),
        );
      }
    });
  }
});

test('a phone lays out the first six product cards, the others as they near the screen', async ({
  page,
  context,
  run,
}) => {
  const seller = await signUp(run.baseUrl);
  const api = sellerClient(run.baseUrl, seller.token);
  for (let i = 1; i <= 10; i++) {
    await createProduct(api, run.baseUrl, { title: `Card ${i}`, price: i });
  }
  await signIn(context, run.baseUrl, seller.token);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/products');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(10);
  // `checkVisibility({ contentVisibilityAuto: true })` is false for content the browser skips.
  const laidOut = (card: Locator) =>
    card.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  for (let i = 0; i < 6; i++) expect(await laidOut(cards.nth(i))).toBe(true);
  expect(await laidOut(cards.nth(9))).toBe(false);
  await cards.nth(9).scrollIntoViewIfNeeded();
  await expect.poll(() => laidOut(cards.nth(9))).toBe(true);
  await expect(cards.nth(9)).toBeVisible();
});
