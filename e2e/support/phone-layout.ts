import { expect, type Page } from '@playwright/test';

/**
 * The page's width against the screen's, and what sticks out when it is wider. The screen's
 * width is the one the test set: a phone's browser widens its layout viewport (and
 * `innerWidth`) to a page that is too wide, so `innerWidth` would hide the overflow.
 */
async function overflow(page: Page) {
  const screenWidth = page.viewportSize()?.width ?? 0;
  return page.evaluate((width) => {
    const sticking = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => element.checkVisibility())
      .slice(-5)
      .map((element) => {
        const id = element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '';
        const right = Math.round(element.getBoundingClientRect().right);
        return `${element.tagName.toLowerCase()}${id} (${right} px): ${(element.textContent ?? '').slice(0, 40)}`;
      });
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, sticking };
  }, screenWidth);
}

/** The page is no wider than the screen: nothing to scroll sideways. */
export async function expectNoOverflow(page: Page, where = ''): Promise<void> {
  const measured = await overflow(page);
  expect(
    measured.scrollWidth,
    `${where} page ${measured.scrollWidth} px wide on a ${measured.innerWidth} px screen:\n${measured.sticking.join('\n')}`.trim(),
  ).toBeLessThanOrEqual(measured.innerWidth);
}
