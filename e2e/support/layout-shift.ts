import { expect, type Page } from '@playwright/test';

/**
 * The layout shifts of the page's documents while installed: the browser's own `layout-shift`
 * entries (what Cumulative Layout Shift adds up), without those right after the user's input,
 * which the user caused and expects.
 */
interface ShiftRecorder {
  total: number;
  moved: string[];
  /** Takes the entries the browser has not delivered to the observer yet. */
  flush: () => void;
  stop: () => void;
}

type ShiftWindow = Window & { layoutShifts?: ShiftRecorder };

function recordLayoutShifts() {
  const shiftWindow = window as ShiftWindow;
  if (shiftWindow.layoutShifts) return;
  interface LayoutShift extends PerformanceEntry {
    value: number;
    hadRecentInput: boolean;
    sources: { node: Node | null }[];
  }
  const recorder: ShiftRecorder = { total: 0, moved: [], flush: () => {}, stop: () => {} };
  const add = (entries: PerformanceEntryList) => {
    for (const entry of entries as LayoutShift[]) {
      if (entry.hadRecentInput) continue;
      recorder.total += entry.value;
      for (const { node } of entry.sources) {
        const element = node instanceof Element ? node : node?.parentElement;
        const testId = element?.closest('[data-testid]')?.getAttribute('data-testid');
        recorder.moved.push(
          `${element?.tagName.toLowerCase() ?? 'text'}${testId ? ` in [data-testid=${testId}]` : ''} (${entry.value.toFixed(4)})`,
        );
      }
    }
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift' });
  recorder.flush = () => add(observer.takeRecords());
  recorder.stop = () => observer.disconnect();
  shiftWindow.layoutShifts = recorder;
}

/**
 * Runs `action` (data arriving, a click, a navigation) and checks that the page's layout did not
 * shift meanwhile by more than `threshold` (the sum of the layout-shift values, 0 when nothing
 * moved; Lighthouse calls a whole page load's 0.1 good). A page the action loads is watched
 * from its start; the result is the current document's.
 */
export async function expectNoLayoutShift(
  page: Page,
  action: () => Promise<void>,
  threshold = 0.01,
): Promise<void> {
  const forNewDocuments = await page.addInitScript(recordLayoutShifts);
  await page.evaluate(recordLayoutShifts);
  try {
    await action();
    // Two frames: whatever the action changed last is laid out and reported.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const shifts = await page.evaluate(() => {
      const recorder = (window as ShiftWindow).layoutShifts;
      recorder?.flush();
      return { total: recorder?.total ?? 0, moved: recorder?.moved ?? [] };
    });
    expect(
      shifts.total,
      `the layout shifted by ${shifts.total.toFixed(4)}:\n${shifts.moved.join('\n')}`,
    ).toBeLessThanOrEqual(threshold);
  } finally {
    await forNewDocuments.dispose();
    await page.evaluate(() => {
      (window as ShiftWindow).layoutShifts?.stop();
      delete (window as ShiftWindow).layoutShifts;
    });
  }
}
