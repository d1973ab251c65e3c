// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { createTimerTracker, describeTimers, type TimerTracker } from './leftover-timers';

let tracker: TimerTracker | undefined;
afterEach(() => tracker?.stop());

describe('the timers a screen test leaves behind', () => {
  it('are reported until they have run or been cleared, by the code that started them', async () => {
    tracker = createTimerTracker();
    const late = setTimeout(() => {}, 60_000);
    expect(tracker.pending().map((timer) => timer.origin)).toEqual([
      expect.stringContaining('leftover-timers.test.tsx'),
    ]);
    expect(describeTimers(tracker.pending())).toContain('leftover-timers.test.tsx');
    clearTimeout(late);
    const soon = setTimeout(() => {}, 0);
    // Node tells of a cleared or finished timer a moment later.
    await vi.waitFor(() => expect(tracker?.pending()).toEqual([]));
    clearTimeout(soon);
  });

  it('include a toast on its way out when the screen is unmounted, until its exit has run', async () => {
    tracker = createTimerTracker();
    const view = render(<Toaster />);
    // Called by the toast's own timer just before it starts leaving.
    const autoClosed = new Promise<void>((resolve) => {
      act(() => {
        toast('Saved', { duration: 1, onAutoClose: () => resolve() });
      });
    });
    await autoClosed;
    // The test ends here: unmounting does not stop the toast's exit, which would run after the
    // environment is gone (what failed runs although every test passed).
    view.unmount();
    expect(tracker.pending().map((timer) => timer.origin)).toContainEqual(
      expect.stringMatching(/[\\/]node_modules[\\/]sonner[\\/]/),
    );
    // What the screen tests' cleanup waits for (dom-setup.ts): nothing is left once it has run.
    await vi.waitFor(() => expect(tracker?.pending()).toEqual([]));
  });
});
