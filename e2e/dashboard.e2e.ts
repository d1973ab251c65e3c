import type { ProductStats } from '@seller/contract/products/get-product-stats';
import type { SalesOverview } from '@seller/contract/sales/get-sales-overview';
import type { SalesStats } from '@seller/contract/sales/get-sales-stats';
import { describe, expect, inject, it } from 'vitest';
import { browserForFile, holdRequests, openSignedIn, placeOf, withPage } from './support/browser';
import { createProduct, recordPurchase } from './support/member-site';
import { sellerApi } from './support/products';
import { apiGet, krw, sellerWithSalesForFile } from './support/sales-data';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const secret = inject('internalApiSecret');
const browser = browserForFile();
const data = sellerWithSalesForFile(baseUrl, secret);

describe('dashboard', () => {
  it('shows the product and sales numbers of the API, and today when there are sales today', async () => {
    const { token } = data().seller;
    const sales = await apiGet<SalesStats>(baseUrl, token, '/api/products/stats/sales');
    const products = await apiGet<ProductStats>(baseUrl, token, '/api/products/stats/products');
    expect(sales.totalSales.count).toBe(data().sales.length);
    expect(sales.todaySales.count).toBe(data().todayCount);

    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/');
      const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
      const detail = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-detail');
      await expect.poll(() => value('total-products').textContent()).toBe('3');
      expect(await value('active-products').textContent()).toBe(String(products.activeProducts));
      await expect
        .poll(() => value('total-sales').textContent())
        .toBe(krw(sales.totalSales.amount));
      expect(await detail('total-sales').textContent()).toBe(
        `${sales.totalSales.count} transactions`,
      );
      expect(await value('month-sales').textContent()).toBe(krw(sales.monthlySales.amount));
      expect(await detail('month-sales').textContent()).toBe(
        `${sales.monthlySales.count} transactions`,
      );
      const today = page.getByTestId('today-sales');
      expect(await today.getByTestId('today-amount').textContent()).toBe(
        krw(sales.todaySales.amount),
      );
      expect(await today.getByTestId('today-count').textContent()).toBe('4 transactions');

      // The four menu cards.
      const menu = page.getByTestId('menu-cards');
      for (const [name, href] of [
        ['Profile', '/profile'],
        ['Products', '/products'],
        ['New product', '/products/create'],
        ['Settlement', '/settlement'],
      ] as const) {
        expect(
          await menu.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href'),
        ).toBe(href);
      }

      // Each sales card opens /sales on its period.
      await page.getByTestId('stat-total-sales').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=all');
      await page.getByRole('heading', { name: 'Sales', level: 1 }).waitFor();
      await page.goBack();
      await page.getByTestId('stat-month-sales').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=month');
      await page.goBack();
      await page.getByTestId('today-details').click();
      await page.waitForURL((url) => url.pathname === '/sales' && url.search === '?period=today');
      expect(
        await page
          .getByTestId('period-filter')
          .getByRole('button', { name: 'Today' })
          .getAttribute('aria-pressed'),
      ).toBe('true');
    });
  });

  it('copies the creator page link (copied for 2 s, a toast) and shares it on X', async () => {
    const { token, nickname } = data().seller;
    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openSignedIn(page, token, '/');
      const card = page.getByTestId('share-link-card');
      const link = await card.getByTestId('share-link').inputValue();
      expect(link).toMatch(new RegExp(`^https?://[^/]+/${nickname}$`));

      await card.getByRole('button', { name: 'Copy link' }).click();
      await card.getByRole('button', { name: 'Copied' }).waitFor();
      await page.getByText('Link copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await card.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5_000 });

      const twitter = card.getByRole('link', { name: 'Share on X' });
      expect(await twitter.getAttribute('target')).toBe('_blank');
      expect(await twitter.getAttribute('rel')).toContain('noopener');
      const href = new URL((await twitter.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
      expect(href.searchParams.get('url')).toBe(link);
      expect(href.searchParams.get('text')).toBeTruthy();
    });
  });

  it.each([
    { locale: 'fr-FR', width: 640, copy: 'Copier le lien' },
    { locale: 'tr-TR', width: 1280, copy: 'Bağlantıyı kopyala' },
    { locale: 'ko-KR', width: 1280, copy: '링크 복사' },
  ])(
    'keeps the link and its two buttons on one row at $width px ($locale), as its placeholder does',
    async ({ locale, width, copy }) => {
      const { token } = data().seller;
      await withPage(
        browser(),
        { baseUrl, locale, viewport: { width, height: 900 } },
        async ({ page }) => {
          await openSignedIn(page, token, '/');
          const card = page.getByTestId('share-link-card');
          const copyButton = card.getByRole('button', { name: copy });
          await copyButton.waitFor();
          // The three tops in one layout: cards above may still be filling in, moving the card.
          const tops = await card.evaluate((element, name) => {
            const topOf = (target: Element | null | undefined) =>
              Math.round(target?.getBoundingClientRect().top ?? -1);
            const button = Array.from(element.querySelectorAll('button')).find(
              (candidate) => candidate.textContent?.trim() === name,
            );
            return {
              field: topOf(element.querySelector('[data-testid="share-link"]')),
              copy: topOf(button),
              share: topOf(element.querySelector('a')),
            };
          }, copy);
          expect(tops.field).toBeGreaterThan(0);
          expect(tops).toEqual({ field: tops.field, copy: tops.field, share: tops.field });
        },
      );
    },
  );

  it('keeps the net revenue under the gross while the amounts load, where millions put it (phone)', async () => {
    const seller = await createSeller(baseUrl);
    const productId = await createProduct(baseUrl, seller.token, { title: 'Course', price: 900 });
    for (const n of [1, 2]) {
      await recordPurchase(baseUrl, secret, {
        orderId: `E2E-big-${productId}-${n}`,
        productId,
        customerEmail: `buyer${n}@example.com`,
        paymentMethod: 'card',
        amount: 2_450_000,
      });
    }
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      const overview = await holdRequests(page, '**/api/products/stats/sales/overview');
      await openSignedIn(page, seller.token, '/');
      const gross = page.getByTestId('revenue-gross');
      const net = page.getByTestId('revenue-net');
      await expect.poll(() => net.textContent()).toBe('...');
      const top = async (locator: typeof net) => (await placeOf(locator)).top;
      const loading = {
        net: await top(net),
        chart: await top(page.getByTestId('revenue-chart-placeholder')),
      };
      overview.release();
      await expect.poll(() => gross.textContent()).toBe(krw(4_900_000));
      expect(await net.textContent()).not.toBe('...');
      // The change and the detail take their two lines: the chart comes where its placeholder was.
      expect({ net: await top(net), chart: await top(page.getByTestId('revenue-chart')) }).toEqual(
        loading,
      );
      // The net is under the gross, not beside it.
      expect(loading.net).toBeGreaterThan(await top(gross));
    });
  });

  it('keeps the heights of the best sellers and the latest sales while the overview loads', async () => {
    const { token } = data().seller;
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      const overview = await holdRequests(page, '**/api/products/stats/sales/overview');
      await openSignedIn(page, token, '/');
      const cards = [page.getByTestId('top-products'), page.getByTestId('latest-sales')];
      await cards[1]?.waitFor();
      const heights = () => Promise.all(cards.map(async (card) => (await placeOf(card)).height));
      const loading = await heights();
      overview.release();
      await page.getByTestId('latest-sale').first().waitFor();
      expect(await page.getByTestId('latest-sale').count()).toBe(5);
      expect(await heights()).toEqual(loading);
    });
  });

  it('has no today card and zero figures for a seller without sales', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/');
      const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
      await expect.poll(() => value('total-sales').textContent()).toBe('₩0');
      expect(await value('total-products').textContent()).toBe('0');
      expect(await page.getByTestId('today-sales').count()).toBe(0);
      await page.getByTestId('share-link-card').waitFor();
    });
  });
});

describe('the revenue of the last 30 days', () => {
  it('shows gross and net, the change, a bar per day, the best sellers and the latest sales', async () => {
    const { token } = data().seller;
    const overview = await apiGet<SalesOverview>(
      baseUrl,
      token,
      '/api/products/stats/sales/overview',
    );
    // 10 sales in the last 30 days, and some in the 30 before.
    expect(overview.current.count).toBe(10);
    expect(overview.previous.count).toBeGreaterThan(0);
    const change = (overview.current.amount - overview.previous.amount) / overview.previous.amount;
    const percent = new Intl.NumberFormat('en', {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: Math.abs(change) < 0.1 ? 1 : 0,
    }).format(change);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/');
      const card = page.getByTestId('revenue-card');
      await expect
        .poll(() => card.getByTestId('revenue-gross').textContent())
        .toBe(krw(overview.current.amount));
      expect(await card.getByTestId('revenue-net').textContent()).toBe(krw(overview.current.net));
      expect(await card.getByTestId('revenue-change').textContent()).toContain(
        `${percent} vs. the previous 30 days`,
      );
      const bars = card.getByTestId('revenue-chart-bar');
      expect(await bars.count()).toBe(30);
      expect(await bars.last().getAttribute('data-amount')).toBe(
        String(overview.daily.at(-1)?.amount),
      );

      // The best sellers: revenue in won, price in dollars, each saying which it is.
      const top = page.getByTestId('top-product');
      expect(await top.count()).toBe(overview.topProducts.length);
      const first = overview.topProducts[0];
      expect(await top.first().getByTestId('top-product-revenue').textContent()).toBe(
        krw(first?.totalRevenue ?? -1),
      );
      expect(await top.first().textContent()).toContain(`Price (USD): $${first?.productPrice}`);
      expect(await page.getByTestId('top-products').textContent()).toContain('Revenue (KRW)');

      // The five latest, newest first.
      const latest = page.getByTestId('latest-sale');
      expect(await latest.count()).toBe(5);
      expect(await latest.first().textContent()).toContain(
        krw(overview.latestSales[0]?.purchase_price ?? -1),
      );
      expect(await page.getByTestId('latest-sales').textContent()).toContain('Paid (KRW)');
    });
  });

  it('shows a day’s figures for the keyboard, a finger and the mouse, not in a title', async () => {
    const { token } = data().seller;
    const overview = await apiGet<SalesOverview>(
      baseUrl,
      token,
      '/api/products/stats/sales/overview',
    );
    const today = overview.daily.at(-1);
    if (!today) throw new Error('no days in the overview');
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, token, '/');
      const days = page.getByTestId('revenue-chart-day');
      await days.first().waitFor();
      expect(await days.count()).toBe(30);
      expect(await page.getByTestId('revenue-card').locator('title').count()).toBe(0);
      // One tab stop for the chart, on today.
      await days.last().focus();
      const tooltip = page.getByRole('tooltip');
      expect(await tooltip.textContent()).toBe(
        `${today.date}${krw(today.amount)}Sales: ${today.count}`,
      );
      expect(await days.last().getAttribute('aria-describedby')).toBe(
        await tooltip.getAttribute('id'),
      );
      await page.keyboard.press('ArrowLeft');
      expect(await tooltip.textContent()).toContain(overview.daily.at(-2)?.date ?? 'missing');
      await page.keyboard.press('Escape');
      expect(await tooltip.count()).toBe(0);

      await days.nth(5).hover();
      expect(await tooltip.textContent()).toContain(overview.daily[5]?.date ?? 'missing');
    });
    await withPage(browser(), { baseUrl, mobile: true }, async ({ page }) => {
      await openSignedIn(page, token, '/');
      const day = page.getByTestId('revenue-chart-day').nth(1);
      await day.tap();
      const tooltip = page.getByRole('tooltip');
      expect(await tooltip.textContent()).toContain(overview.daily[1]?.date ?? 'missing');
      // Near the chart's left edge, the tooltip still stays on the screen.
      const box = await tooltip.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    });
  });
});

describe('the getting-started checklist', () => {
  it('ticks each step from the account’s data, and stays closed once dismissed', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await openSignedIn(page, seller.token, '/');
      const checklist = page.getByTestId('getting-started');
      const step = (name: string) => checklist.getByTestId(`checklist-${name}`);
      await expect.poll(() => step('payoutMethod').getAttribute('data-done')).toBe('false');
      expect(await step('firstProduct').getAttribute('data-done')).toBe('false');
      expect(await step('creatorLinkShared').getAttribute('data-done')).toBe('false');
      expect(await checklist.getByTestId('checklist-progress').textContent()).toBe('0 of 3 done');

      // A product and a payout method, made elsewhere: ticked when the dashboard is shown.
      await createProduct(baseUrl, seller.token, { title: 'First product', price: 5 });
      const payout = await sellerApi(baseUrl, seller.token, 'PUT', '/api/auth/settlement-info', {
        paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' },
      });
      expect(payout.status).toBe(200);
      await page.reload();
      await expect.poll(() => step('firstProduct').getAttribute('data-done')).toBe('true');
      expect(await step('payoutMethod').getAttribute('data-done')).toBe('true');
      expect(await step('creatorLinkShared').getAttribute('data-done')).toBe('false');
      expect(await checklist.getByTestId('checklist-progress').textContent()).toBe('2 of 3 done');

      // The link copied: every step is done, and the checklist has served its purpose.
      await checklist.getByTestId('checklist-copy-link').click();
      await checklist.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('revenue-card').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('getting-started').count()).toBe(0);
    });

    const another = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, another.token, '/');
      const checklist = page.getByTestId('getting-started');
      await expect.poll(() => checklist.getAttribute('aria-busy')).toBe('false');
      await checklist.getByTestId('checklist-dismiss').click();
      await checklist.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByTestId('revenue-card').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('getting-started').count()).toBe(0);
    });
  });

  it('keeps every step’s row as it is while the checklist and the profile load: nothing under it moves (fr, phone)', async () => {
    const seller = await createSeller(baseUrl);
    await createProduct(baseUrl, seller.token, { title: 'Premier produit', price: 5 });
    await withPage(browser(), { baseUrl, mobile: true, locale: 'fr-FR' }, async ({ page }) => {
      const steps = await holdRequests(page, '**/api/dashboard/getting-started');
      const profile = await holdRequests(page, '**/api/auth/profile');
      await openSignedIn(page, seller.token, '/');
      const checklist = page.getByTestId('getting-started');
      const revenue = page.getByTestId('revenue-card');
      await expect.poll(() => checklist.getAttribute('aria-busy')).toBe('true');
      await revenue.waitFor();
      const step = (name: string) => checklist.getByTestId(`checklist-${name}`);
      // Where each line of the card is, and where the card under it starts.
      const layout = async () => ({
        progress: await placeOf(checklist.getByTestId('checklist-progress')),
        payout: await placeOf(step('payoutMethod')),
        product: await placeOf(step('firstProduct')),
        share: await placeOf(step('creatorLinkShared')),
        revenue: (await placeOf(revenue)).top,
      });
      const loading = await layout();
      steps.release();
      profile.release();
      // The first product is done (its button gone from sight), the link is to share (its button
      // shown once the nickname is known).
      await expect.poll(() => step('firstProduct').getAttribute('data-done')).toBe('true');
      await expect.poll(() => checklist.getByTestId('checklist-copy-link').isEnabled()).toBe(true);
      expect(await step('firstProduct').getByRole('link').isVisible()).toBe(false);
      expect(await checklist.getByTestId('checklist-copy-link').isVisible()).toBe(true);
      await page.getByTestId('welcome').waitFor();
      expect(await layout()).toEqual(loading);
    });
  });
});
