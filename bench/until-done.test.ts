import { afterEach, describe, expect, it, vi } from 'vitest';
import { Recorder } from './lib/http-load.ts';
import type { PgbenchResult } from './lib/pgbench.ts';
import { answeredPerSecond, doneAt, pgbenchUntilDone, serverUntilDone } from './lib/until-done.ts';

/** Records an answer of `ms` that arrives at `arrivesAt` (a `performance.now()` time). */
function answer(recorder: Recorder, label: string, ms: number, arrivesAt: number) {
  vi.spyOn(performance, 'now').mockReturnValue(arrivesAt);
  recorder.record(label, 200, ms);
}

/** A pgbench run whose window is `from`–`to` in `performance.now()` time. */
function pgbenchRun(
  from: number,
  to: number,
  inWindow: Record<string, number>,
  later: PgbenchResult['later'],
): PgbenchResult {
  const perScript: PgbenchResult['perScript'] = {};
  for (const [name, transactions] of Object.entries(inWindow)) {
    perScript[name] = { tps: 0, transactions, latencyMs: 1 };
  }
  return {
    tps: 0,
    transactions: 0,
    failed: 0,
    latencyMs: 1,
    p50Ms: 1,
    p99Ms: 1,
    perScript,
    clientSeconds: 0,
    postgresSeconds: 0,
    window: { startMs: performance.timeOrigin + from, endMs: performance.timeOrigin + to },
    later: later.map((transaction) => ({
      ...transaction,
      endedMs: performance.timeOrigin + transaction.endedMs,
    })),
  };
}

describe('each side timed until its background was done', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ends at the window, or at the last answer to what was sent within it', () => {
    const writes = new Recorder();
    const window = { from: 1000, to: 3000 };
    expect(doneAt(writes, ['write'], window)).toBe(3000);
    answer(writes, 'write', 10, 1510); // sent at 1500, answered in the window
    expect(doneAt(writes, ['write'], window)).toBe(3000);
    answer(writes, 'write', 2500, 5000); // sent at 2500, answered 2 s after the window
    answer(writes, 'write', 9000, 12_000); // sent at 3000, after the window: not its own
    expect(doneAt(writes, ['write'], window)).toBe(5000);
  });

  it('counts the calls answered within the windows, per second of them', () => {
    const recorder = new Recorder();
    for (const at of [1100, 1900, 2500, 4100, 4200, 6500]) answer(recorder, 'read', 50, at);
    answer(recorder, 'write', 5, 1500);
    const windows = [
      { from: 1000, to: 3000 },
      { from: 4000, to: 6000 },
    ];
    expect(answeredPerSecond(recorder, ['read'], windows)).toBe(1);
    expect(answeredPerSecond(recorder, ['read'], [])).toBe(0);
  });

  it('spreads the calls answered until then over the time it took', () => {
    const server = new Recorder();
    // Four reads answered in the window, two after it but before the writes were done, one
    // after that.
    for (const at of [1200, 1800, 2400, 2900, 3400, 3700, 4500]) answer(server, 'read', 5, at);
    answer(server, 'write', 1500, 4000); // sent at 2500, done 1 s after the window
    answer(server, 'write', 2000, 5000); // sent at 3000: the window's end, not its own
    const figures = serverUntilDone(server, ['read'], [{ from: 1000, to: 3000 }], (window) =>
      doneAt(server, ['write'], window),
    );
    // Six reads from 1000 to 4000.
    expect(figures).toEqual({ perSecond: 2, latestAfterSeconds: 1 });
  });

  it('counts pgbench’s transactions until then, each weighted by the calls it stands for', () => {
    const writes = new Recorder();
    answer(writes, 'write', 3000, 5000); // sent at 2000, answered 2 s after the window
    const run = pgbenchRun(1000, 3000, { purchase: 8, 'discounted purchase': 2 }, [
      { script: 'purchase', endedMs: 3500 },
      { script: 'discounted purchase', endedMs: 3900 },
      { script: 'purchase', endedMs: 4800 },
      { script: 'purchase', endedMs: 5200 }, // after the writes were done
    ]);
    const figures = pgbenchUntilDone(
      [run],
      (window) => doneAt(writes, ['write'], window),
      (name) => (name === 'discounted purchase' ? 2 : 1),
    );
    // (8 + 2) purchases and (2 + 1) discounted ones of two calls each: 16 calls in 4 s.
    expect(figures).toEqual({ perSecond: 4, latestAfterSeconds: 2 });
  });
});
