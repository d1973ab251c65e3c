import type { Page } from '@playwright/test';

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
