import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';

/**
 * Dark mode (the system's, or the seller's choice, kept and applied before the app renders),
 * keyboard-only focus rings, the navigation's active item on a product's pages, the sales
 * chart's tooltips for pointer, touch and keyboard, and the signup checklist's marks.
 */

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

test.describe('dark mode', () => {
  test.describe('on a dark system', () => {
    // The app's script, aborted on purpose below, is logged by Chromium.
    test.use({
      colorScheme: 'dark',
      allowConsoleErrors: ['Failed to load resource', 'ERR_FAILED'],
    });

    test('follows the system before any script runs, and with the app', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('form button[type=submit]')).toBeVisible();
      await expect.poll(() => theme(page)).toMatchObject({ dark: true });
      expect((await theme(page)).brightness).toBeLessThan(0.2);
      // index.html's first frame, before the app's script: the stylesheet alone follows the
      // system, so a dark system never sees a white flash.
      await page.route('**/assets/index-*.js', (route) => route.abort());
      await page.goto('/login?frame');
      await expect(page.locator('#root > [aria-hidden=true]')).toBeVisible();
      expect((await theme(page)).brightness).toBeLessThan(0.2);
    });
  });

  test('follows a light system with the app', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('form button[type=submit]')).toBeVisible();
    await expect.poll(() => theme(page)).toMatchObject({ dark: false });
    expect((await theme(page)).brightness).toBeGreaterThan(0.9);
  });

  test.describe('for the seller', () => {
    test.beforeEach(async ({ context, run, shop }) => {
      await signIn(context, run.baseUrl, shop.seller.token);
    });

    test('is chosen in the account menu, kept, and applied before the app renders', async ({
      page,
    }) => {
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
      await page.goto('/');
      await page.getByTestId('user-menu-trigger').click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('group', { name: 'Theme' })).toBeVisible();
      await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
      await expect.poll(() => theme(page)).toMatchObject({ dark: true });
      expect((await theme(page)).brightness).toBeLessThan(0.2);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      await page.reload();
      await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
      expect(await theme(page)).toMatchObject({ dark: true });
      expect(
        await page.evaluate(() => (window as { darkBeforeRender?: boolean }).darkBeforeRender),
      ).toBe(true);

      // Back to the system's (light here): the kept choice goes.
      await page.getByTestId('user-menu-trigger').click();
      await page.getByRole('menuitemradio', { name: 'System' }).click();
      await expect.poll(() => theme(page)).toMatchObject({ dark: false });
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      // And the system's changes are followed while the choice is "system".
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(async () => (await theme(page)).dark).toBe(true);
    });

    test.describe('on a phone', () => {
      test.use({ screenSize: 'phone' });

      test('is chosen in the phone side sheet too', async ({ page }) => {
        await page.goto('/');
        await page.getByTestId('mobile-menu-trigger').click();
        const themes = page.getByTestId('mobile-theme');
        await themes.getByRole('button', { name: 'Dark' }).click();
        await expect(themes.getByRole('button', { name: 'Dark' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect.poll(() => theme(page)).toMatchObject({ dark: true });
        await themes.getByRole('button', { name: 'Light' }).click();
        await expect.poll(() => theme(page)).toMatchObject({ dark: false });
        expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      });
    });

    test.describe('on a dark system', () => {
      test.use({ colorScheme: 'dark' });

      test('draws the sales chart in the dark colours', async ({ page }) => {
        await page.goto('/sales');
        await page.getByRole('tab').nth(2).click();
        const bar = page.getByTestId('chart-bar').last();
        await expect(bar).toBeVisible();
        const fill = await bar.evaluate((node) => getComputedStyle(node).fill);
        // The light theme's primary is a dark indigo; on a dark page the bars are light.
        expect(await brightness(page, fill)).toBeGreaterThan(0.4);
      });
    });
  });
});

test.describe('for the seller with sales', () => {
  test.beforeEach(async ({ context, run, shop }) => {
    await signIn(context, run.baseUrl, shop.seller.token);
  });

  test.describe('focus rings', () => {
    test('show for the keyboard and not for a mouse click', async ({ page }) => {
      await page.goto('/sales');
      await expect(page.getByTestId('transaction-row').first()).toBeVisible();
      // A tab pressed with the mouse (the tabs focus themselves from script on a press).
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByTestId('product-sales-row').first()).toBeVisible();
      await expect(page.getByRole('tab').nth(1)).toBeFocused();
      expect(await focusRing(page)).toBe(false);
      // The same tabs with the arrow keys; they move the focus a moment after the key.
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('tab', { name: 'Transactions' })).toBeFocused();
      expect(await focusRing(page)).toBe(true);
      // A click again, then Tab.
      await page.getByTestId('period-filter').getByRole('button').nth(2).click();
      expect(await focusRing(page)).toBe(false);
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => focusRing(page)).toBe(true);
    });
  });

  test.describe('the active navigation item', () => {
    test('is Products on a product’s page and its edit form, New product on the form', async ({
      page,
      shop,
    }) => {
      const productId = shop.productIds[0] ?? '';
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      for (const [path, item] of [
        [`/products/${productId}`, 'Products'],
        [`/products/${productId}/edit`, 'Products'],
        ['/products', 'Products'],
        ['/products/create', 'New product'],
        ['/sales?period=week', 'Sales'],
        ['/', 'Dashboard'],
      ] as const) {
        await page.goto(path);
        await expect(nav.locator('[aria-current=page]')).toHaveText([item]);
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

    test.describe('on a phone', () => {
      test.use({ screenSize: 'phone' });

      test('is Products in the side sheet on a product’s edit form', async ({ page, shop }) => {
        await page.goto(`/products/${shop.productIds[0] ?? ''}/edit`);
        await page.getByTestId('mobile-menu-trigger').click();
        const sheet = page.getByTestId('mobile-menu');
        await expect(sheet.getByRole('link').first()).toBeVisible();
        await expect(sheet.locator('[aria-current=page]')).toHaveText(['Products']);
      });
    });
  });

  test.describe('the sales chart', () => {
    test('shows a tooltip for the keyboard, moving with the arrow keys', async ({ page }) => {
      await page.goto('/sales');
      await page.getByRole('tab', { name: 'Chart' }).click();
      const days = page.getByTestId('chart-day');
      await expect(days).toHaveCount(30);
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
      await expect(tooltip).toContainText(lastDate);
      const describedBy = await page.evaluate(() =>
        document.activeElement?.getAttribute('aria-describedby'),
      );
      expect(describedBy).toBe(await tooltip.getAttribute('id'));
      expect(await focusRing(page)).toBe(true);

      await page.keyboard.press('ArrowLeft');
      const previousDate = (await days.nth(28).getAttribute('data-date')) ?? 'missing';
      await expect(tooltip).toContainText(previousDate);
      await expect(days.nth(28)).toHaveAttribute('tabindex', '0');
      await page.keyboard.press('Home');
      await expect(tooltip).toContainText(
        (await days.first().getAttribute('data-date')) ?? 'missing',
      );
      await page.keyboard.press('Escape');
      await expect(tooltip).toHaveCount(0);
    });

    test('shows a tooltip for the mouse', async ({ page }) => {
      await page.goto('/sales');
      await page.getByRole('tab', { name: 'Chart' }).click();
      const day = page.getByTestId('chart-day').nth(10);
      await day.hover();
      await expect(page.getByRole('tooltip')).toContainText(
        (await day.getAttribute('data-date')) ?? 'missing',
      );
    });

    test.describe('on a phone', () => {
      test.use({ screenSize: 'phone' });

      test('shows a tooltip for a finger, inside the screen', async ({ page }) => {
        await page.goto('/sales');
        await page.getByRole('tab').nth(2).tap();
        const day = page.getByTestId('chart-day').nth(20);
        await day.tap();
        const tooltip = page.getByRole('tooltip');
        await expect(tooltip).toContainText((await day.getAttribute('data-date')) ?? 'missing');
        // The tooltip stays inside the screen.
        const box = await tooltip.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      });
    });
  });
});

test.describe('the signup password checklist', () => {
  test.use({ screenSize: 'phone' });

  test('keeps each mark whole and on the first line of its text, however the text wraps', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.locator('#password').fill('abc1');
    const list = page.locator('#password ~ ul, ul[aria-label="Password requirements"]').first();
    await expect(list).toBeVisible();
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
          offset: icon && first ? icon.top + icon.height / 2 - (first.top + first.height / 2) : 99,
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

test.describe('Korean, Chinese and Japanese text', () => {
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

  test.describe('in Korean', () => {
    test.use({ locale: 'ko-KR' });

    test('breaks Korean between words only, and still wraps a token longer than the line', async ({
      page,
    }) => {
      await page.goto('/login');
      await expect(page.locator('form button[type=submit]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', /^ko/);
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

  const styles = {
    ko: { font: 'Noto Sans KR', lineBreak: 'auto', wordBreak: 'keep-all' },
    zh: { font: 'Noto Sans SC', lineBreak: 'strict', wordBreak: 'normal' },
    ja: { font: 'Noto Sans JP', lineBreak: 'strict', wordBreak: 'normal' },
  } as const;
  for (const [language, style] of Object.entries(styles)) {
    test.describe(`in ${language}`, () => {
      test.use({ locale: language });

      test(`names the fonts of the language and breaks lines as it does (${language})`, async ({
        page,
      }) => {
        await page.goto('/login');
        await expect(page.locator('form button[type=submit]')).toBeVisible();
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
        for (const [other, otherStyle] of Object.entries(styles)) {
          if (other !== language) expect(shown.font).not.toContain(otherStyle.font);
        }
      });
    });
  }

  test.describe('in French', () => {
    test.use({ locale: 'fr-FR' });

    test('keeps the system’s font and ordinary breaking for Latin languages', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('form button[type=submit]')).toBeVisible();
      const wordBreak = await page.evaluate(() => getComputedStyle(document.body).wordBreak);
      expect(wordBreak).toBe('normal');
    });
  });
});

test.describe('the header between a phone and a wide screen', () => {
  for (const texts of [
    { locale: 'en-US', account: 'Account menu', nav: 'Main navigation', first: 'Dashboard' },
    {
      locale: 'fr-FR',
      account: 'Menu du compte',
      nav: 'Navigation principale',
      first: 'Tableau de bord',
    },
  ]) {
    test.describe(texts.locale, () => {
      test.use({ locale: texts.locale });

      test('fits the window, with every page and the account a click away', async ({
        page,
        seller: _,
      }) => {
        for (const width of [768, 1024, 1279, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto('/');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
          if (width >= 1280) {
            // The links in the bar, each on one line, and the account menu on the screen.
            await expect(page.getByRole('button', { name: texts.account })).toBeInViewport({
              ratio: 1,
            });
            const heights = await page
              .getByRole('navigation', { name: texts.nav })
              .getByRole('link')
              .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
            expect(heights).toHaveLength(9);
            expect(Math.max(...heights), `${width} px`).toBeLessThanOrEqual(40);
          } else {
            // Narrower, the links and the account are in the side sheet.
            const trigger = page.getByTestId('mobile-menu-trigger');
            await expect(trigger, `${width} px`).toBeInViewport({ ratio: 1 });
            await trigger.click();
            await expect(
              page.getByTestId('mobile-menu').getByRole('link', { name: texts.first }),
            ).toBeVisible();
            await page.keyboard.press('Escape');
          }
        }
      });
    });
  }
});
