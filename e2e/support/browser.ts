import {
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromiumFlags, chromiumPath } from './chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/**
 * One browser for the tests of a file: launched before them, closed after them. Call it at
 * the top of the file; the returned function gives the browser inside tests.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet (use it inside a test).');
    return browser;
  };
}

export interface PageOptions {
  baseUrl: string;
  /** Phone-sized viewport instead of a desktop one. */
  mobile?: boolean;
  /** Another viewport than the desktop's 1280×800 or the phone's 390×844. */
  viewport?: { width: number; height: number };
  /** The system's light or dark preference that the page sees (light when absent). */
  colorScheme?: 'light' | 'dark';
  locale?: string;
  /**
   * Browser console errors that this test expects, e.g. Chromium's own line for a request
   * that answered 401. Any other console error or page error fails the test.
   */
  allowConsoleErrors?: RegExp[];
  /**
   * Lets the test inject its own inline scripts (axe) past the app's Content-Security-Policy,
   * which allows scripts from the server only.
   */
  bypassCSP?: boolean;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console messages of type info, for the access guard's message. */
  infos: string[];
}

/**
 * Runs `body` with a fresh browser context (empty storage); fails when the page logged a
 * console error or threw, unless the error was declared as expected.
 */
export async function withPage(
  browser: Browser,
  options: PageOptions,
  body: (test: TestPage) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    baseURL: options.baseUrl,
    locale: options.locale ?? 'en-US',
    viewport:
      options.viewport ??
      (options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 }),
    colorScheme: options.colorScheme ?? 'light',
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    bypassCSP: options.bypassCSP ?? false,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const infos: string[] = [];
  const allowed = options.allowConsoleErrors ?? [];
  page.on('console', (message) => {
    if (message.type() === 'info') infos.push(message.text());
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allowed.some((pattern) => pattern.test(text))) return;
    errors.push(`console.error: ${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  try {
    await body({ page, context, infos });
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
}

/** Chromium logs every 4xx answer as a console error; tests that cause one declare it. */
export function failedRequest(status: number): RegExp {
  return new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** Stores a session the way the app does, then opens `path`. */
export async function openSignedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('userType', 'seller');
  }, token);
  await page.goto(path);
}

export async function expectPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Where an element's top is on the page and how tall it is, in whole pixels. */
export async function placeOf(locator: Locator): Promise<{ top: number; height: number }> {
  const box = await locator.boundingBox();
  return { top: Math.round(box?.y ?? -1), height: Math.round(box?.height ?? -1) };
}

/**
 * Holds the page's requests to URLs matching `url` until `release()`: the page shows its loading
 * state for as long as the test needs. `answered` resolves once the page has had the first one.
 * `change` may rewrite each held answer's JSON body before the page gets it.
 */
export async function holdRequests(
  page: Page,
  url: string,
  change?: (body: unknown) => unknown,
): Promise<{ release: () => void; answered: Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    const response = await route.fetch();
    if (change) {
      await route.fulfill({ response, json: change(await response.json()) });
    } else {
      await route.fulfill({ response });
    }
    answer();
  });
  return { release, answered };
}
