import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type SellerAccount, type SellerCenterClient, sellerClient, signUp } from './api';
import { type Mailbox, mailboxAt } from './mailbox';
import { type MemberSite, memberSiteOf } from './member-site';
import { type RunSettings, runSettings } from './run';
import { type SellerWithSales, sellerWithSales } from './sales-data';
import type { ScreenSize } from './screens';

export { expect };

/**
 * Puts into the browser's storage what the app keeps there, before any page opens: the
 * session (as signing in stores it) and the language chosen. Replaces what was stored.
 */
export async function storeInBrowser(
  context: BrowserContext,
  baseUrl: string,
  { token, language }: { token?: string; language?: string },
): Promise<void> {
  const localStorage = [
    ...(token
      ? [
          { name: 'token', value: token },
          { name: 'userType', value: 'seller' },
        ]
      : []),
    ...(language ? [{ name: 'i18nextLng', value: language }] : []),
  ];
  await context.setStorageState({ cookies: [], origins: [{ origin: baseUrl, localStorage }] });
}

/** Stores a session the way the app does, for every page of `context`. */
export function signIn(context: BrowserContext, baseUrl: string, token: string): Promise<void> {
  return storeInBrowser(context, baseUrl, { token });
}

/** What the app keeps in its local storage under `key` (the session: `token`, `userType`). */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** Chromium logs every 4xx answer as a console error; tests that cause one declare it. */
export function failedRequest(status: number): string {
  return `Failed to load resource: the server responded with a status of ${status}`;
}

export interface TestOptions {
  /** A desktop's 1280×800 window, or a phone's 390×844 touch screen. */
  screenSize: ScreenSize;
  /**
   * Browser console errors that the test expects, by a part of their text, e.g. Chromium's own
   * line for a request that answered 401 (`failedRequest(401)`). Any other console error or
   * page error fails the test. (Texts rather than patterns: Playwright reads an array whose
   * second item is an object as a fixture's value and options.)
   */
  allowConsoleErrors: string[];
}

export interface TestFixtures {
  /** A seller signed up for this test, whose session every page of the test has. */
  seller: SellerAccount;
  /** The API as `seller`. */
  api: SellerCenterClient;
}

export interface WorkerFixtures {
  run: RunSettings;
  /**
   * Signed calls of the member site and the operator: purchases, views, downloads, refunds,
   * payouts, rates.
   */
  memberSite: MemberSite;
  /** Every message the server has sent. */
  mailbox: Mailbox;
  /**
   * A seller with three products (one never sold) and 50 sales (support/sales-data.ts), made
   * once per worker: tests only read it. Pages open signed out; `signIn` with its token.
   */
  shop: SellerWithSales & { api: SellerCenterClient };
}

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

export const test = base.extend<TestOptions & TestFixtures, WorkerFixtures>({
  run: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use) => {
      await use(runSettings());
    },
    { scope: 'worker' },
  ],
  memberSite: [
    async ({ run }, use) => {
      await use(memberSiteOf(run.baseUrl, run.internalApiSecret));
    },
    { scope: 'worker' },
  ],
  mailbox: [
    async ({ run }, use) => {
      await use(mailboxAt(run.mailboxUrl));
    },
    { scope: 'worker' },
  ],
  shop: [
    async ({ run, memberSite }, use) => {
      const shop = await sellerWithSales(run.baseUrl, memberSite);
      await use({ ...shop, api: sellerClient(run.baseUrl, shop.seller.token) });
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  screenSize: ['desktop', { option: true }],
  allowConsoleErrors: [[], { option: true }],
  baseURL: async ({ run }, use) => {
    await use(run.baseUrl);
  },
  viewport: async ({ screenSize }, use) => {
    await use(screenSize === 'phone' ? phone : desktop);
  },
  isMobile: async ({ screenSize }, use) => {
    await use(screenSize === 'phone');
  },
  hasTouch: async ({ screenSize }, use) => {
    await use(screenSize === 'phone');
  },

  // Every page of the test: a console error or an uncaught exception fails it, unless declared.
  context: async ({ context, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    context.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowConsoleErrors.some((part) => text.includes(part))) return;
      errors.push(`console.error: ${text} (${message.location().url})`);
    });
    context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
    await use(context);
    expect(errors, 'console errors and page errors of the test’s pages').toEqual([]);
  },

  seller: async ({ run, context }, use) => {
    const account = await signUp(run.baseUrl);
    await signIn(context, run.baseUrl, account.token);
    await use(account);
  },
  api: async ({ run, seller }, use) => {
    await use(sellerClient(run.baseUrl, seller.token));
  },
});
