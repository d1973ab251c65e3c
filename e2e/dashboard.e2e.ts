import { createProduct, succeeded } from './support/api';
import { expect, signIn, test } from './support/fixtures';
import { expectNothingMoves, holdRequests } from './support/hold-requests';
import { krw } from './support/sales-data';

test.describe('dashboard of a seller with sales', () => {
  test.beforeEach(async ({ context, run, shop }) => {
    await signIn(context, run.baseUrl, shop.seller.token);
  });

  test('shows the product and sales numbers of the API, and today when there are sales today', async ({
    page,
    shop,
  }) => {
    const sales = await succeeded(shop.api.GET('/api/products/stats/sales'));
    const products = await succeeded(shop.api.GET('/api/products/stats/products'));
    expect(sales.totalSales.count).toBe(shop.sales.length);
    expect(sales.todaySales.count).toBe(shop.todayCount);

    await page.goto('/');
    const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
    const detail = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-detail');
    await expect(value('total-products')).toHaveText('3');
    await expect(value('active-products')).toHaveText(String(products.activeProducts));
    await expect(value('total-sales')).toHaveText(krw(sales.totalSales.amount));
    await expect(detail('total-sales')).toHaveText(`${sales.totalSales.count} transactions`);
    await expect(value('month-sales')).toHaveText(krw(sales.monthlySales.amount));
    await expect(detail('month-sales')).toHaveText(`${sales.monthlySales.count} transactions`);
    const today = page.getByTestId('today-sales');
    await expect(today.getByTestId('today-amount')).toHaveText(krw(sales.todaySales.amount));
    await expect(today.getByTestId('today-count')).toHaveText('4 transactions');

    // The four menu cards.
    const menu = page.getByTestId('menu-cards');
    for (const [name, href] of [
      ['Profile', '/profile'],
      ['Products', '/products'],
      ['New product', '/products/create'],
      ['Settlement', '/settlement'],
    ] as const) {
      await expect(menu.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        href,
      );
    }

    // Each sales card opens /sales on its period.
    await page.getByTestId('stat-total-sales').click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/sales' && url.search === '?period=all',
    );
    await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
    await page.goBack();
    await page.getByTestId('stat-month-sales').click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/sales' && url.search === '?period=month',
    );
    await page.goBack();
    await page.getByTestId('today-details').click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/sales' && url.search === '?period=today',
    );
    await expect(
      page.getByTestId('period-filter').getByRole('button', { name: 'Today' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('copies the creator page link (copied for 2 s, a toast) and shares it on X', async ({
    page,
    context,
    run,
    shop,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.baseUrl });
    await page.goto('/');
    const card = page.getByTestId('share-link-card');
    const field = card.getByTestId('share-link');
    await expect(field).toHaveValue(new RegExp(`^https?://[^/]+/${shop.seller.nickname}$`));
    const link = await field.inputValue();

    await card.getByRole('button', { name: 'Copy link' }).click();
    await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 5_000 });

    const twitter = card.getByRole('link', { name: 'Share on X' });
    await expect(twitter).toHaveAttribute('target', '_blank');
    await expect(twitter).toHaveAttribute('rel', /noopener/);
    const href = new URL((await twitter.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe('https://twitter.com/intent/tweet');
    expect(href.searchParams.get('url')).toBe(link);
    expect(href.searchParams.get('text')).toBeTruthy();
  });

  for (const { locale, width, copy } of [
    { locale: 'fr-FR', width: 640, copy: 'Copier le lien' },
    { locale: 'tr-TR', width: 1280, copy: 'Bağlantıyı kopyala' },
    { locale: 'ko-KR', width: 1280, copy: '링크 복사' },
  ]) {
    test.describe(`in ${locale} at ${width} px`, () => {
      test.use({ locale });

      test(`keeps the link and its two buttons on one row at ${width} px (${locale}), as its placeholder does`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/');
        const card = page.getByTestId('share-link-card');
        await expect(card.getByRole('button', { name: copy })).toBeVisible();
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
      });
    });
  }

  test('shows gross and net, the change, a bar per day, the best sellers and the latest sales', async ({
    page,
    shop,
  }) => {
    const overview = await succeeded(shop.api.GET('/api/products/stats/sales/overview'));
    // 10 sales in the last 30 days, and some in the 30 before.
    expect(overview.current.count).toBe(10);
    expect(overview.previous.count).toBeGreaterThan(0);
    const change = (overview.current.amount - overview.previous.amount) / overview.previous.amount;
    const percent = new Intl.NumberFormat('en', {
      style: 'percent',
      signDisplay: 'exceptZero',
      maximumFractionDigits: Math.abs(change) < 0.1 ? 1 : 0,
    }).format(change);
    await page.goto('/');
    const card = page.getByTestId('revenue-card');
    await expect(card.getByTestId('revenue-gross')).toHaveText(krw(overview.current.amount));
    await expect(card.getByTestId('revenue-net')).toHaveText(krw(overview.current.net));
    await expect(card.getByTestId('revenue-change')).toContainText(
      `${percent} vs. the previous 30 days`,
    );
    const bars = card.getByTestId('revenue-chart-bar');
    await expect(bars).toHaveCount(30);
    await expect(bars.last()).toHaveAttribute('data-amount', String(overview.daily.at(-1)?.amount));

    // The best sellers: revenue in won, price in dollars, each saying which it is.
    const top = page.getByTestId('top-product');
    await expect(top).toHaveCount(overview.topProducts.length);
    const first = overview.topProducts[0];
    await expect(top.first().getByTestId('top-product-revenue')).toHaveText(
      krw(first?.totalRevenue ?? -1),
    );
    await expect(top.first()).toContainText(`Price (USD): $${first?.productPrice}`);
    await expect(page.getByTestId('top-products')).toContainText('Revenue (KRW)');

    // The five latest, newest first.
    const latest = page.getByTestId('latest-sale');
    await expect(latest).toHaveCount(5);
    await expect(latest.first()).toContainText(krw(overview.latestSales[0]?.purchase_price ?? -1));
    await expect(page.getByTestId('latest-sales')).toContainText('Paid (KRW)');
  });

  test('shows a day’s figures for the keyboard and the mouse, not in a title', async ({
    page,
    shop,
  }) => {
    const overview = await succeeded(shop.api.GET('/api/products/stats/sales/overview'));
    const today = overview.daily.at(-1);
    if (!today) throw new Error('no days in the overview');
    await page.goto('/');
    const days = page.getByTestId('revenue-chart-day');
    await expect(days).toHaveCount(30);
    await expect(page.getByTestId('revenue-card').locator('title')).toHaveCount(0);
    // One tab stop for the chart, on today.
    await days.last().focus();
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toHaveText(`${today.date}${krw(today.amount)}Sales: ${today.count}`);
    await expect(days.last()).toHaveAttribute(
      'aria-describedby',
      (await tooltip.getAttribute('id')) ?? 'missing',
    );
    await page.keyboard.press('ArrowLeft');
    await expect(tooltip).toContainText(overview.daily.at(-2)?.date ?? 'missing');
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);

    await days.nth(5).hover();
    await expect(tooltip).toContainText(overview.daily[5]?.date ?? 'missing');
  });

  test.describe('on a phone', () => {
    test.use({ screenSize: 'phone' });

    test('shows a day’s figures for a finger, within the screen', async ({ page, shop }) => {
      const overview = await succeeded(shop.api.GET('/api/products/stats/sales/overview'));
      await page.goto('/');
      await page.getByTestId('revenue-chart-day').nth(1).tap();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toContainText(overview.daily[1]?.date ?? 'missing');
      // Near the chart's left edge, the tooltip still stays on the screen.
      const box = await tooltip.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    });

    test('keeps the heights of the best sellers and the latest sales while the overview loads', async ({
      page,
    }) => {
      const overview = await holdRequests(page, '**/api/products/stats/sales/overview');
      await page.goto('/');
      const latest = page.getByTestId('latest-sales');
      await expect(page.getByTestId('top-products')).toBeVisible();
      await expectNothingMoves(page, latest, async () => {
        overview.release();
        await expect(page.getByTestId('latest-sale')).toHaveCount(5);
      });
    });
  });
});

test.describe('dashboard of a new seller', () => {
  test('has no today card and zero figures for a seller without sales', async ({
    page,
    seller: _,
  }) => {
    await page.goto('/');
    const value = (id: string) => page.getByTestId(`stat-${id}`).getByTestId('stat-value');
    await expect(value('total-sales')).toHaveText('₩0');
    await expect(value('total-products')).toHaveText('0');
    await expect(page.getByTestId('share-link-card')).toBeVisible();
    await expect(page.getByTestId('today-sales')).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ screenSize: 'phone' });

    test('keeps the net revenue under the gross while the amounts load, where millions put it', async ({
      page,
      run,
      api,
      memberSite,
    }) => {
      const productId = await createProduct(api, run.baseUrl, { title: 'Course', price: 900 });
      for (const n of [1, 2]) {
        await memberSite.recordPurchase({
          orderId: `E2E-big-${productId}-${n}`,
          productId,
          customerEmail: `buyer${n}@example.com`,
          paymentMethod: 'card',
          amount: 2_450_000,
        });
      }
      const overview = await holdRequests(page, '**/api/products/stats/sales/overview');
      await page.goto('/');
      const gross = page.getByTestId('revenue-gross');
      const net = page.getByTestId('revenue-net');
      await expect(net).toHaveText('...');
      // The change and the detail take their two lines: the chart comes where its placeholder was.
      await expectNothingMoves(page, page.getByTestId('revenue-chart-placeholder'), async () => {
        overview.release();
        await expect(gross).toHaveText(krw(4_900_000));
        await expect(net).not.toHaveText('...');
        await expect(page.getByTestId('revenue-chart')).toBeVisible();
      });
      // The net is under the gross, not beside it.
      const [grossBox, netBox] = [await gross.boundingBox(), await net.boundingBox()];
      expect(netBox?.y ?? -1).toBeGreaterThan(grossBox?.y ?? 0);
    });
  });
});

test.describe('the getting-started checklist', () => {
  test('ticks each step from the account’s data, and goes once every step is done', async ({
    page,
    context,
    run,
    api,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.baseUrl });
    await page.goto('/');
    const checklist = page.getByTestId('getting-started');
    const step = (name: string) => checklist.getByTestId(`checklist-${name}`);
    await expect(step('payoutMethod')).toHaveAttribute('data-done', 'false');
    await expect(step('firstProduct')).toHaveAttribute('data-done', 'false');
    await expect(step('creatorLinkShared')).toHaveAttribute('data-done', 'false');
    await expect(checklist.getByTestId('checklist-progress')).toHaveText('0 of 3 done');

    // A product and a payout method, made elsewhere: ticked when the dashboard is shown.
    await createProduct(api, run.baseUrl, { title: 'First product', price: 5 });
    await succeeded(
      api.PUT('/api/auth/settlement-info', {
        body: { paypal: { email: 'payouts@example.com', accountHolder: 'Minsu Kim' } },
      }),
    );
    await page.reload();
    await expect(step('firstProduct')).toHaveAttribute('data-done', 'true');
    await expect(step('payoutMethod')).toHaveAttribute('data-done', 'true');
    await expect(step('creatorLinkShared')).toHaveAttribute('data-done', 'false');
    await expect(checklist.getByTestId('checklist-progress')).toHaveText('2 of 3 done');

    // The link copied: every step is done, and the checklist has served its purpose.
    await checklist.getByTestId('checklist-copy-link').click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('revenue-card')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('getting-started')).toHaveCount(0);
  });

  test('stays closed once dismissed', async ({ page, seller: _ }) => {
    await page.goto('/');
    const checklist = page.getByTestId('getting-started');
    await expect(checklist).toHaveAttribute('aria-busy', 'false');
    await checklist.getByTestId('checklist-dismiss').click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('revenue-card')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('getting-started')).toHaveCount(0);
  });

  test.describe('in French on a phone', () => {
    test.use({ screenSize: 'phone', locale: 'fr-FR' });

    test('keeps every step’s row as it is while the checklist and the profile load: nothing under it moves', async ({
      page,
      run,
      api,
    }) => {
      await createProduct(api, run.baseUrl, { title: 'Premier produit', price: 5 });
      const steps = await holdRequests(page, '**/api/dashboard/getting-started');
      const profile = await holdRequests(page, '**/api/auth/profile');
      await page.goto('/');
      const checklist = page.getByTestId('getting-started');
      const step = (name: string) => checklist.getByTestId(`checklist-${name}`);
      await expect(checklist).toHaveAttribute('aria-busy', 'true');
      await expectNothingMoves(page, page.getByTestId('revenue-card'), async () => {
        steps.release();
        profile.release();
        // The first product is done (its button gone from sight), the link is to share (its
        // button shown once the nickname is known).
        await expect(step('firstProduct')).toHaveAttribute('data-done', 'true');
        await expect(checklist.getByTestId('checklist-copy-link')).toBeEnabled();
        await expect(step('firstProduct').getByRole('link')).toBeHidden();
        await expect(checklist.getByTestId('checklist-copy-link')).toBeVisible();
        await expect(page.getByTestId('welcome')).toBeVisible();
      });
    });
  });
});
