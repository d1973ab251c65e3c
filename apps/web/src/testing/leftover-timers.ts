import { createHook } from 'node:async_hooks';

/**
 * The timers a screen test leaves behind. A timer of the app (a toast's removal, a debounce)
 * that is still pending when the test file ends fires after Vitest has torn the jsdom
 * environment down: its callback then meets no `window` (React reads `window.event` for every
 * state update), and the unhandled error fails the run although every test passed. The screen
 * tests' support unmounts the app after each test and then waits until the timers it started
 * have run or been cleared (dom-setup.ts); one that never does fails the test, named by the
 * place that started it.
 *
 * Node's async hooks see every `setTimeout` and `setInterval` without changing them: `init`
 * when one is created, `destroy` when it has run or was cleared.
 */

/** A timer that has neither run nor been cleared yet, and where it was started. */
export interface PendingTimer {
  /** The first frame of the code that called `setTimeout` or `setInterval`. */
  origin: string;
  /** The first frames of its stack, from the caller of `setTimeout` on. */
  frames: string[];
}

/**
 * Timers that do not belong to the app under test: the test runner's own (test timeouts,
 * `vi.waitFor`), Node's (the fetch client's keep-alive), and jsdom's, which it clears itself
 * when it closes the window.
 */
const ignoredOrigins = [
  /^node:/,
  /[\\/]node_modules[\\/](vitest|@vitest|tinypool|tinyspy|jsdom)[\\/]/,
];

/** Frames of the timer machinery itself, above the caller of `setTimeout`. */
const timerFrames = [/node:internal\/(timers|async_hooks)/, /node:timers/, /leftover-timers\.ts/];

/** The frames of the code that started a timer, from the caller of `setTimeout` down. */
function callerFrames(stack: string): string[] {
  const frames = stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^at\s+/, ''));
  const first = frames.findIndex((frame) => !timerFrames.some((pattern) => pattern.test(frame)));
  return first === -1 ? [] : frames.slice(first);
}

/** The file, line and column of a frame: "fn (file:line:col)" or "file:line:col". */
function locationOf(frame: string): string {
  return /\((.*)\)$/.exec(frame)?.[1] ?? frame;
}

export interface TimerTracker {
  /** Timers of the app started since tracking began, that have neither run nor been cleared. */
  pending(): PendingTimer[];
  /** Stops watching (the tracker's own tests). */
  stop(): void;
}

/** Starts watching the timers created from now on. */
export function createTimerTracker(): TimerTracker {
  const pending = new Map<number, PendingTimer>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 30;
      const stack = new Error('timer started').stack ?? '';
      Error.stackTraceLimit = limit;
      const frames = callerFrames(stack);
      const origin = frames[0] === undefined ? undefined : locationOf(frames[0]);
      if (!origin || ignoredOrigins.some((pattern) => pattern.test(origin))) return;
      pending.set(asyncId, { origin, frames: frames.slice(0, 6) });
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  });
  hook.enable();
  return {
    pending: () => [...pending.values()],
    stop: () => {
      hook.disable();
      pending.clear();
    },
  };
}

/** The pending timers as a failure message: where each was started. */
export function describeTimers(timers: readonly PendingTimer[]): string {
  return timers
    .map(
      (timer) => `- a timer started by\n${timer.frames.map((frame) => `    ${frame}`).join('\n')}`,
    )
    .join('\n');
}
