import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { storeInBrowser } from './fixtures';

export type ScreenSize = 'desktop' | 'phone';

/** A screen of the app as the browser checks meet it: where it is and when it has its data. */
export interface Screen {
  name: string;
  /** The screen's address; `productId` is a product of the seller's that has files and sales. */
  path: (productId: string) => string;
  /** Opened with the seller's session, or as a visitor. */
  signedIn: boolean;
  /** Only at this size (a menu that exists in one layout only). */
  only?: ScreenSize;
  /**
   * A screen listed before in another state (a menu open, a form sent, a tooltip shown): its
   * layout is the listed screen's, so only the accessibility checks open it.
   */
  state?: true;
  /** Waits until the screen shows its data (or opens the part of it to check). */
  ready: (page: Page, size: ScreenSize) => Promise<void>;
}

const visible = (page: Page, testId: string) => page.getByTestId(testId).first().waitFor();
const submitButton = (page: Page) => page.locator('form button[type=submit]').waitFor();

/** Every screen of the app, signed out and signed in, with the states worth checking apart. */
export const screens: Screen[] = [
  { name: 'login', path: () => '/login', signedIn: false, ready: submitButton },
  {
    name: 'signup',
    path: () => '/signup',
    signedIn: false,
    ready: async (page) => {
      await page.locator('#agreeToTerms').waitFor();
      await visible(page, 'promotion-banner');
    },
  },
  { name: 'forgot password', path: () => '/forgot-password', signedIn: false, ready: submitButton },
  {
    name: 'forgot password, link sent',
    path: () => '/forgot-password',
    signedIn: false,
    state: true,
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
    name: 'dashboard',
    path: () => '/',
    signedIn: true,
    ready: async (page) => {
      // The counter shows a number once the figures are in (a placeholder until then).
      await page
        .getByTestId('stat-total-products')
        .getByTestId('stat-value')
        .filter({ hasText: /\d/ })
        .waitFor();
      await visible(page, 'today-sales');
      await visible(page, 'share-link-card');
    },
  },
  {
    name: 'dashboard, account menu open',
    path: () => '/',
    signedIn: true,
    only: 'desktop',
    state: true,
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
    state: true,
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
    state: true,
    ready: async (page) => {
      await visible(page, 'share-link-card');
      await page.getByTestId('mobile-menu-trigger').click();
      await visible(page, 'mobile-menu');
    },
  },
  {
    name: 'dashboard, a day of the chart shown',
    path: () => '/',
    signedIn: true,
    state: true,
    ready: async (page) => {
      await page.getByTestId('revenue-chart-day').last().focus();
      await page.getByRole('tooltip').waitFor();
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
    path: (productId) => `/products/${productId}`,
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'product-title');
      await visible(page, 'product-file');
    },
  },
  {
    name: 'product edit',
    path: (productId) => `/products/${productId}/edit`,
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
    name: 'sale detail',
    path: () => '/sales',
    signedIn: true,
    ready: async (page, size) => {
      // A sale opens from its order id in the table, or from its card's link on a phone.
      await page
        .getByTestId(size === 'phone' ? 'card-open-sale' : 'order-id')
        .first()
        .click();
      await visible(page, 'sale-order-id');
      await visible(page, 'sale-downloads');
      await visible(page, 'sale-refunds');
    },
  },
  {
    name: 'balance and payouts',
    path: () => '/payouts',
    signedIn: true,
    ready: async (page, size) => {
      await visible(page, 'balance-amount');
      // Cards on a phone, a table on a desktop; the shop has sales but no payout yet.
      await visible(page, size === 'phone' ? 'ledger-card' : 'ledger-row');
      await visible(page, size === 'phone' ? 'payouts-cards' : 'payouts-empty');
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
    name: 'sales, a day of the chart shown',
    path: () => '/sales',
    signedIn: true,
    state: true,
    ready: async (page) => {
      await visible(page, 'summary-amount');
      await page.getByRole('tab').nth(2).click();
      await page.getByTestId('chart-day').last().focus();
      await page.getByRole('tooltip').waitFor();
    },
  },
  {
    name: 'write to buyers',
    path: () => '/customers/mail',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'broadcast-form');
      await visible(page, 'broadcast-product');
    },
  },
  {
    name: "unsubscribe from a seller's mail",
    path: () => '/unsubscribe/a-token-from-a-mail',
    signedIn: false,
    ready: (page) => visible(page, 'unsubscribe-confirm'),
  },
  {
    name: 'settlement',
    path: () => '/settlement',
    signedIn: true,
    ready: async (page) => {
      // The form is filled in from the saved details.
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('#settlement-alipay-phone')?.value,
      );
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
    state: true,
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
    state: true,
    ready: async (page, size) => {
      await page.fill('#api-token-name', 'Accessibility check');
      await page.getByTestId('scope-products:read').click();
      await page.getByTestId('create-api-token').click();
      await visible(page, 'new-api-token');
      // A closed loopback port: the delivery fails and waits for its retry, all of it shown.
      await page.fill('#webhook-url', 'http://127.0.0.1:9/hooks');
      await page.getByTestId('save-webhook').click();
      await page.getByTestId('send-test-webhook').click();
      const shown = size === 'phone' ? 'delivery-card' : 'delivery-row';
      await page
        .locator(`[data-testid=${shown}][data-attempted=true]`)
        .first()
        .waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'sign-in and security',
    path: () => '/settings/security',
    signedIn: true,
    ready: async (page, size) => {
      // The sessions and the activity as this size lists them: rows, or cards on phones.
      const row = size === 'phone' ? 'card' : 'row';
      await visible(page, `session-${row}`);
      await visible(page, size === 'phone' ? 'activity-item' : 'activity-row');
      await visible(page, 'email-change-card');
    },
  },
  {
    name: 'data and account',
    path: () => '/settings/account',
    signedIn: true,
    ready: async (page) => {
      await visible(page, 'export-request');
      await visible(page, 'delete-account-card');
    },
  },
  {
    name: 'unknown page',
    path: () => '/no-such-screen',
    signedIn: true,
    ready: (page) => visible(page, 'not-found'),
  },
  {
    name: 'unknown product',
    path: () => '/products/00000000-0000-4000-8000-000000000000',
    signedIn: true,
    ready: (page) => visible(page, 'not-found'),
  },
];

/** The screen of that name (for the checks that look closer at one of them). */
export function screenNamed(name: string): Screen {
  const screen = screens.find((candidate) => candidate.name === name);
  if (!screen) throw new Error(`No screen named "${name}"`);
  return screen;
}

/** Where a walk through the screens happens, and as whom. */
export interface Walk {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** The seller whose session the signed-in screens have. */
  token: string;
  /** The language stored as the seller's choice; without it, the browser's decides. */
  language?: string;
  /** The product the screens about one product show. */
  productId: string;
}

/**
 * Opens each screen of `list` in turn on one page, the signed-out ones first, then, with the
 * seller's session stored, the signed-in ones: the app's files load once for the whole walk,
 * as they do for a seller moving through the app. Each screen is a step of its own, reported by
 * its name; a screen that fails is recorded and the walk goes on, so one run names every screen
 * that fails. `check` runs once the screen is ready.
 */
export async function walkScreens(
  { page, context, baseUrl, token, language, productId }: Walk,
  list: readonly Screen[],
  size: ScreenSize,
  check: (screen: Screen) => Promise<void>,
): Promise<void> {
  const ordered = [...list.filter((s) => !s.signedIn), ...list.filter((s) => s.signedIn)];
  let signedIn: boolean | undefined;
  for (const screen of ordered) {
    if (screen.signedIn !== signedIn) {
      signedIn = screen.signedIn;
      await storeInBrowser(context, baseUrl, { ...(signedIn ? { token } : {}), language });
    }
    await test
      .step(screen.name, async () => {
        await page.goto(screen.path(productId));
        await screen.ready(page, size);
        await check(screen);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        expect.soft(message, `${screen.name} failed`).toBe('');
      });
  }
}
