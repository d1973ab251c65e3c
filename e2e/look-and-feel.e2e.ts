import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, openSignedIn, withPage } from './support/browser';
import { sellerWithSalesForFile } from './support/sales-data';

/**
 * Dark mode (the system's, or the seller's choice, kept and applied before the app renders),
 * keyboard-only focus rings, the navigation's active item on a product's pages, the sales
 * chart's tooltips for pointer, touch and keyboard, and the signup checklist's marks.
 */

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const data = sellerWithSalesForFile(baseUrl, secret);

/**
 * The relative brightness of a CSS colour, 0 (black) to 1 (white). The browser paints it on a
 * canvas: computed colours come back in any notation (the themes are written in oklch).
 */
async function brightness(page: Page, color: string): Promise<number> {
  return page.evaluate((value) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = value;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  }, color);
}

/** The page's background, and whether <html> says dark. */
async function theme(page: Page) {
  const { dark, background } = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    background: getComputedStyle(document.body).backgroundColor,
  }));
  return { dark, brightness: await brightness(page, background) };
}

async function storeSession(page: Page, token: string, extra: Record<string, string> = {}) {
  await page.addInitScript(
    ({ value, items }) => {
      localStorage.setItem('token', value);
      localStorage.setItem('userType', 'seller');
      for (const [key, item] of Object.entries(items)) localStorage.setItem(key, item);
    },
    { value: token, items: extra },
  );
}

/**
 * Whether the focused element draws a focus ring: an outline, or a ring shadow (a visible
 * shadow with a spread, which the active tab's drop shadow has not).
 */
async function focusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
      if (/rgba\([^)]*,\s*0\)|transparent|^\s*none\s*$/.test(shadow)) return false;
      const lengths = shadow.replace(/\([^)]*\)/g, '').match(/-?[\d.]+px/g) ?? [];
      return Number.parseFloat(lengths[3] ?? '0') > 0;
    });
    return outline || ring;
  });
}

describe('dark mode', () => {
  it('follows the system before any script runs, and with the app', async () => {
    const aborted = [/Failed to load resource/, /ERR_FAILED/];
    await withPage(
      browser(),
      { baseUrl, colorScheme: 'dark', allowConsoleErrors: aborted },
      async ({ page }) => {
        await page.goto('/login');
        await page.locator('form button[type=submit]').waitFor();
        expect(await theme(page)).toMatchObject({ dark: true });
        expect((await theme(page)).brightness).toBeLessThan(0.2);
        // index.html's first frame, before the app's script: the stylesheet alone follows the
        // system, so a dark system never sees a white flash.
        await page.route('**/assets/index-*.js', (route) => route.abort());
        await page.goto('/login?frame');
        await page.locator('#root > [aria-hidden=true]').waitFor();
        expect((await theme(page)).brightness).toBeLessThan(0.2);
      },
    );
    await withPage(browser(), { baseUrl, colorScheme: 'light' }, async ({ page }) => {
      await page.goto('/login');
      await page.locator('form button[type=submit]').waitFor();
      expect(await theme(page)).toMatchObject({ dark: false });
      expect((await theme(page)).brightness).toBeGreaterThan(0.9);
    });
  });

  it('is chosen in the account menu, kept, and applied before the app renders', async () => {
    await withPage(browser(), { baseUrl, colorScheme: 'light' }, async ({ page }) => {
      // When <html> turns dark, is index.html's frame still there (the app not rendered yet)?
      await page.addInitScript(() => {
        const record = window as unknown as { darkBeforeRender?: boolean };
        // The document has no <html> yet when this runs: the whole document is watched.
        new MutationObserver(() => {
          if (record.darkBeforeRender !== undefined) return;
          if (!document.documentElement?.classList.contains('dark')) return;
          record.darkBeforeRender = document.querySelector('#root > [aria-hidden=true]') !== null;
        }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
      });
      await openSignedIn(page, data().seller.token, '/');
      await page.getByTestId('user-menu-trigger').click();
      const menu = page.getByRole('menu');
      await menu.getByRole('group', { name: 'Theme' }).waitFor();
      await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
      expect(await theme(page)).toMatchObject({ dark: true });
      expect((await theme(page)).brightness).toBeLessThan(0.2);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      await page.reload();
      await page.getByTestId('user-menu-trigger').waitFor();
      expect(await theme(page)).toMatchObject({ dark: true });
      expect(
        await page.evaluate(() => (window as { darkBeforeRender?: boolean }).darkBeforeRender),
      ).toBe(true);

      // Back to the system's (light here): the kept choice goes.
      await page.getByTestId('user-menu-trigger').click();
      await page.getByRole('menuitemradio', { name: 'System' }).click();
      expect(await theme(page)).toMatchObject({ dark: false });
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      // And the system's changes are followed while the choice is "system".
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(async () => (await theme(page)).dark).toBe(true);
    });
  });

  it('is chosen in the phone side sheet too', async () => {
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await openSignedIn(page, data().seller.token, '/');
      await page.getByTestId('mobile-menu-trigger').click();
      const themes = page.getByTestId('mobile-theme');
      await themes.getByRole('button', { name: 'Dark' }).click();
      expect(await themes.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await theme(page)).toMatchObject({ dark: true });
      await themes.getByRole('button', { name: 'Light' }).click();
      expect(await theme(page)).toMatchObject({ dark: false });
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    });
  });

  it('draws the sales chart in the dark colours', async () => {
    await withPage(browser(), { baseUrl, colorScheme: 'dark' }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto('/sales');
      await page.getByRole('tab').nth(2).click();
      const bar = page.getByTestId('chart-bar').last();
      await bar.waitFor();
      const fill = await bar.evaluate((node) => getComputedStyle(node).fill);
      // The light theme's primary is a dark indigo; on a dark page the bars are light.
      expect(await brightness(page, fill)).toBeGreaterThan(0.4);
    });
  });
});

describe('focus rings', () => {
  it('show for the keyboard and not for a mouse click', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto('/sales');
      await page.getByTestId('transaction-row').first().waitFor();
      // A tab pressed with the mouse (the tabs focus themselves from script on a press).
      await page.getByRole('tab').nth(1).click();
      await page.getByTestId('product-sales-row').first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
      expect(await focusRing(page)).toBe(false);
      // The same tabs with the arrow keys.
      // The tabs move the focus a moment after the key.
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toContain('Transactions');
      expect(await focusRing(page)).toBe(true);
      // A click again, then Tab.
      await page.getByTestId('period-filter').getByRole('button').nth(2).click();
      expect(await focusRing(page)).toBe(false);
      await page.keyboard.press('Shift+Tab');
      expect(await focusRing(page)).toBe(true);
    });
  });
});

describe('the active navigation item', () => {
  it('is Products on a product’s page and its edit form, New product on the form', async () => {
    const productId = data().productIds[0] ?? '';
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const current = () => nav.locator('[aria-current=page]').allTextContents();
      for (const [path, item] of [
        [`/products/${productId}`, 'Products'],
        [`/products/${productId}/edit`, 'Products'],
        ['/products', 'Products'],
        ['/products/create', 'New product'],
        ['/sales?period=week', 'Sales'],
        ['/', 'Dashboard'],
      ] as const) {
        await page.goto(path);
        await expect.poll(current).toEqual([item]);
        const highlighted = await nav
          .locator('[aria-current=page]')
          .evaluate((link) => getComputedStyle(link).backgroundColor);
        const plain = await nav
          .locator('a:not([aria-current])')
          .first()
          .evaluate((link) => getComputedStyle(link).backgroundColor);
        expect(highlighted).not.toBe(plain);
      }
    });
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto(`/products/${productId}/edit`);
      await page.getByTestId('mobile-menu-trigger').click();
      const sheet = page.getByTestId('mobile-menu');
      await sheet.getByRole('link').first().waitFor();
      expect(await sheet.locator('[aria-current=page]').allTextContents()).toEqual(['Products']);
    });
  });
});

describe('the sales chart', () => {
  it('shows a tooltip for the keyboard, moving with the arrow keys', async () => {
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto('/sales');
      await page.getByRole('tab', { name: 'Chart' }).click();
      const days = page.getByTestId('chart-day');
      await days.first().waitFor();
      expect(await days.count()).toBe(30);
      // One tab stop for the whole chart: the latest day.
      expect(await days.evaluateAll((nodes) => nodes.map((node) => node.tabIndex))).toEqual([
        ...Array.from({ length: 29 }, () => -1),
        0,
      ]);
      let reached = false;
      for (let step = 0; step < 6 && !reached; step++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(
          () => document.activeElement?.getAttribute('data-testid') === 'chart-day',
        );
      }
      expect(reached).toBe(true);
      const tooltip = page.getByRole('tooltip');
      const lastDate = (await days.last().getAttribute('data-date')) ?? 'missing';
      expect(await tooltip.textContent()).toContain(lastDate);
      const describedBy = await page.evaluate(() =>
        document.activeElement?.getAttribute('aria-describedby'),
      );
      expect(describedBy).toBe(await tooltip.getAttribute('id'));
      expect(await focusRing(page)).toBe(true);

      await page.keyboard.press('ArrowLeft');
      const previousDate = (await days.nth(28).getAttribute('data-date')) ?? 'missing';
      expect(await tooltip.textContent()).toContain(previousDate);
      expect(await days.nth(28).getAttribute('tabindex')).toBe('0');
      await page.keyboard.press('Home');
      expect(await tooltip.textContent()).toContain(
        (await days.first().getAttribute('data-date')) ?? 'missing',
      );
      await page.keyboard.press('Escape');
      expect(await tooltip.count()).toBe(0);
    });
  });

  it('shows a tooltip for a finger on a phone, and for the mouse', async () => {
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto('/sales');
      await page.getByRole('tab').nth(2).tap();
      const day = page.getByTestId('chart-day').nth(20);
      await day.tap();
      const tooltip = page.getByRole('tooltip');
      expect(await tooltip.textContent()).toContain((await day.getAttribute('data-date')) ?? '');
      // The tooltip stays inside the screen.
      const box = await tooltip.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    });
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await storeSession(page, data().seller.token);
      await page.goto('/sales');
      await page.getByRole('tab', { name: 'Chart' }).click();
      const day = page.getByTestId('chart-day').nth(10);
      await day.hover();
      expect(await page.getByRole('tooltip').textContent()).toContain(
        (await day.getAttribute('data-date')) ?? '',
      );
    });
  });
});

describe('the signup password checklist', () => {
  it('keeps each mark whole and on the first line of its text, however the text wraps', async () => {
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await page.goto('/signup');
      await page.locator('#password').fill('abc1');
      const list = page.locator('#password ~ ul, ul[aria-label="Password requirements"]').first();
      await list.waitFor();
      // The longest label of any language, and longer: it wraps on a phone.
      await list
        .locator('li')
        .first()
        .locator('span:not(.sr-only)')
        .last()
        .evaluate((label) => {
          label.textContent = `${label.textContent} `.repeat(6);
        });
      const rows = await list.locator('li').evaluateAll((items) =>
        items.map((item) => {
          const icon = item.querySelector('svg')?.getBoundingClientRect();
          const label = item.querySelector('span:not(.sr-only):not([aria-hidden])');
          const range = document.createRange();
          if (label) range.selectNodeContents(label);
          const lines = Array.from(range.getClientRects());
          const first = lines[0];
          return {
            lines: new Set(lines.map((line) => Math.round(line.top))).size,
            iconWidth: icon?.width ?? 0,
            offset:
              icon && first ? icon.top + icon.height / 2 - (first.top + first.height / 2) : 99,
            iconLeft: icon?.left ?? -1,
            labelLeft: first?.left ?? -1,
          };
        }),
      );
      expect(rows[0]?.lines).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.iconWidth).toBeCloseTo(14, 0);
        expect(Math.abs(row.offset)).toBeLessThanOrEqual(1);
      }
      // Marks in one column, labels in another.
      expect(new Set(rows.map((row) => Math.round(row.iconLeft))).size).toBe(1);
      expect(new Set(rows.map((row) => Math.round(row.labelLeft))).size).toBe(1);
    });
  });
});

describe('Korean, Chinese and Japanese text', () => {
  /**
   * Lays `text` out in a box `width` wide on the page and returns the index of the first
   * character of every line after the first, and whether anything overflowed the box.
   */
  async function lineStarts(page: Page, text: string, width: string) {
    return page.evaluate(
      ({ content, boxWidth }) => {
        const box = document.createElement('div');
        box.style.width = boxWidth;
        box.textContent = content;
        document.body.append(box);
        const node = box.firstChild as Text;
        const range = document.createRange();
        const tops = Array.from(content, (_, index) => {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return Math.round(range.getBoundingClientRect().top);
        });
        const starts = tops.flatMap((top, index) =>
          index > 0 && top > (tops[index - 1] ?? top) ? [index] : [],
        );
        const overflows = box.scrollWidth > box.clientWidth;
        box.remove();
        return { starts, overflows };
      },
      { content: text, boxWidth: width },
    );
  }

  it('breaks Korean between words only, and still wraps a token longer than the line', async () => {
    await withPage(browser(), { baseUrl, locale: 'ko-KR' }, async ({ page }) => {
      await page.goto('/login');
      await page.locator('form button[type=submit]').waitFor();
      expect(await page.getAttribute('html', 'lang')).toMatch(/^ko/);
      const text = '프리미엄 디지털 플래너 완전판과 요리 강좌 템플릿 모음';
      // At each of these widths, ordinary breaking would split a word.
      for (const width of ['5em', '6em', '9em']) {
        const { starts } = await lineStarts(page, text, width);
        expect(starts.length).toBeGreaterThan(1);
        // Every line starts a word: the character before it is a space.
        const splits = starts.filter((start) => text[start - 1] !== ' ' && text[start] !== ' ');
        expect(splits.map((start) => text.slice(start - 1, start + 1))).toEqual([]);
      }
      // An order id wider than the box wraps inside it rather than sticking out.
      const long = await lineStarts(page, `주문 ORD-20261124-4103BA0F-000010-LONG 확인`, '8em');
      expect(long.overflows).toBe(false);
    });
  });

  it('names fonts of each language and breaks Chinese and Japanese strictly', async () => {
    const expected = {
      ko: { font: 'Noto Sans KR', lineBreak: 'auto', wordBreak: 'keep-all' },
      zh: { font: 'Noto Sans SC', lineBreak: 'strict', wordBreak: 'normal' },
      ja: { font: 'Noto Sans JP', lineBreak: 'strict', wordBreak: 'normal' },
    } as const;
    for (const [language, style] of Object.entries(expected)) {
      await withPage(browser(), { baseUrl, locale: language }, async ({ page }) => {
        await page.goto('/login');
        await page.locator('form button[type=submit]').waitFor();
        const shown = await page.evaluate(() => {
          const computed = getComputedStyle(document.querySelector('h1') ?? document.body);
          return {
            font: computed.fontFamily,
            lineBreak: computed.lineBreak,
            wordBreak: computed.wordBreak,
            overflowWrap: computed.overflowWrap,
          };
        });
        expect(shown.font).toContain(style.font);
        expect(shown.lineBreak).toBe(style.lineBreak);
        expect(shown.wordBreak).toBe(style.wordBreak);
        expect(shown.overflowWrap).toBe('anywhere');
        // Not another language's fonts first: the same characters are drawn differently.
        for (const [other, otherStyle] of Object.entries(expected)) {
          if (other !== language) expect(shown.font).not.toContain(otherStyle.font);
        }
      });
    }
    // Latin languages keep the system's font and ordinary breaking.
    await withPage(browser(), { baseUrl, locale: 'fr-FR' }, async ({ page }) => {
      await page.goto('/login');
      await page.locator('form button[type=submit]').waitFor();
      const wordBreak = await page.evaluate(() => getComputedStyle(document.body).wordBreak);
      expect(wordBreak).toBe('normal');
    });
  });
});
