import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForFile, openSignedIn, withPage } from './support/browser';
import { createProduct } from './support/member-site';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

const languages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;
const widths = [360, 390, 430] as const;
/** The longest title allowed, without a single space to break it at. */
const longTitle = 'Supercalifragilistic'.repeat(10);

let seller: Awaited<ReturnType<typeof createSeller>>;
let productId: string;

beforeAll(async () => {
  seller = await createSeller(baseUrl);
  productId = await createProduct(baseUrl, seller.token, { title: longTitle, price: 12 });
  await createProduct(baseUrl, seller.token, { title: 'A short one', price: 3 });
});

/** The page is no wider than the screen: nothing to scroll sideways. */
async function fitsWidth(page: Page): Promise<{ scroll: number; width: number }> {
  return page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth,
  }));
}

/** The element is shown, and entirely within the width of the screen. */
async function withinScreen(element: Locator, width: number): Promise<boolean> {
  const box = await element.boundingBox();
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width + 0.5;
}

describe.concurrent('the products screens on phones', () => {
  it.each(languages)('fit 360–430 px in %s, with a 200-character title', async (language) => {
    for (const width of widths) {
      await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await openSignedIn(page, seller.token, `/products?lng=${language}`);
        const card = page.getByTestId('product-card').filter({ hasText: longTitle.slice(0, 60) });
        await card.waitFor();
        expect(await fitsWidth(page), `/products ${language} ${width}px`).toEqual({
          scroll: width,
          width,
        });
        // The badge, the delete button and "new product" stay in view.
        expect(await withinScreen(card.getByTestId('status-badge'), width)).toBe(true);
        expect(await withinScreen(card.getByTestId('delete-product'), width)).toBe(true);
        expect(await withinScreen(page.getByTestId('create-product'), width)).toBe(true);
        // The title is cut to two lines, its full text kept for whoever wants it.
        const title = card.getByTestId('product-title-link');
        expect(await title.getAttribute('title')).toBe(longTitle);
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
          expect(await withinScreen(card.getByTestId(figure), width)).toBe(true);
        }

        for (const path of [
          `/products/${productId}`,
          `/products/${productId}/edit`,
          '/products/create',
        ]) {
          await page.goto(path);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          expect(await fitsWidth(page), `${path} ${language} ${width}px`).toEqual({
            scroll: width,
            width,
          });
        }
      });
    }
  });
});
