import type { Locator, Page } from '@playwright/test';
import { expectNoLayoutShift } from './layout-shift';

/**
 * Holds the page's requests to URLs matching `url` until `release()`: the page shows its loading
 * state for as long as the test needs. `change` may rewrite each held answer's JSON body before
 * the page gets it.
 */
export async function holdRequests(
  page: Page,
  url: string,
  change?: (body: unknown) => unknown,
): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    const response = await route.fetch();
    if (change) {
      await route.fulfill({ response, json: change(await response.json()) });
    } else {
      await route.fulfill({ response });
    }
  });
  return { release };
}

/** The held exchange rate, dated today: a rate more than a week old adds a warning line. */
export function datedToday(body: unknown): unknown {
  const { rate } = body as { rate: Record<string, unknown> };
  return { ...(body as object), rate: { ...rate, date: new Date().toISOString().slice(0, 10) } };
}

/**
 * Runs `action` (typically: release held answers and wait for what they fill in) and expects
 * that nothing on the screen moved meanwhile. `watched`, what must keep its place and what lies
 * under it, is scrolled on screen first: the browser reports only the shifts it sees. No shift
 * at all is allowed, as a comparison of the places would: the browser already leaves out moves
 * of under 3 px.
 */
export async function expectNothingMoves(
  page: Page,
  watched: Locator,
  action: () => Promise<void>,
): Promise<void> {
  await watched.scrollIntoViewIfNeeded();
  await expectNoLayoutShift(page, action, 0);
}
