import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, isAbortError, sleep, withRetry } from './retry';

afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('doubles from 500 ms and stops at 20 s (no jitter at random 0)', () => {
    const schedule = Array.from({ length: 8 }, (_, attempt) =>
      backoffDelay(attempt, undefined, () => 0),
    );
    expect(schedule).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 20_000, 20_000]);
  });

  it('takes off at most 30 % at random', () => {
    expect(backoffDelay(2, undefined, () => 1)).toBe(1400);
    expect(backoffDelay(2, undefined, () => 0.5)).toBe(1700);
    expect(backoffDelay(2, { baseMs: 100, maxMs: 250, jitter: 0 })).toBe(250);
  });

  it('doubles without a cap or jitter, as the API client waits', () => {
    const client = { baseMs: 300, maxMs: Number.POSITIVE_INFINITY, jitter: 0 };
    expect([0, 1, 2].map((attempt) => backoffDelay(attempt, client))).toEqual([300, 600, 1200]);
  });
});

describe('withRetry', () => {
  const noWait = async () => {};

  it('retries retryable failures with the back-off schedule, then succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls < 4) throw new Error('network');
        return 'ok';
      },
      {
        shouldRetry: () => true,
        sleep: async (ms) => {
          waits.push(ms);
        },
        random: () => 0,
      },
    );
    expect(result).toBe('ok');
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('waits out each back-off before the next attempt', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    const result = withRetry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 2) throw new Error('busy');
        return 'ok';
      },
      { shouldRetry: () => true, backoff: { baseMs: 100, maxMs: 1000, jitter: 0 } },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(99);
    expect(attempts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(199);
    expect(attempts).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('gives up after maxAttempts, and at once on a non-retryable error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error('down');
        },
        { shouldRetry: () => true, sleep: noWait, maxAttempts: 3 },
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error('bad request');
        },
        { shouldRetry: () => false, sleep: noWait },
      ),
    ).rejects.toThrow('bad request');
    expect(calls).toBe(1);
  });

  it('tells of each retry before waiting: the coming attempt and how many are allowed', async () => {
    const told: { attempt: number; maxAttempts: number }[] = [];
    await withRetry(
      async (attempt) => {
        if (attempt < 2) throw new Error('busy');
      },
      {
        shouldRetry: () => true,
        sleep: noWait,
        maxAttempts: 4,
        onRetry: ({ attempt, maxAttempts }) => told.push({ attempt, maxAttempts }),
      },
    );
    expect(told).toEqual([
      { attempt: 2, maxAttempts: 4 },
      { attempt: 3, maxAttempts: 4 },
    ]);
  });

  it('waits for the network to come back before counting another attempt', async () => {
    const order: string[] = [];
    let calls = 0;
    await withRetry(
      async () => {
        calls += 1;
        order.push(`attempt ${calls}`);
        if (calls === 1) throw new Error('offline');
        return calls;
      },
      {
        shouldRetry: () => true,
        sleep: noWait,
        waitForNetwork: async () => {
          order.push('online');
        },
      },
    );
    expect(order).toEqual(['attempt 1', 'online', 'attempt 2']);
  });

  it('stops waiting when aborted, and never retries an abort', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    await expect(
      withRetry(async () => 1, { shouldRetry: () => true, signal: controller.signal }),
    ).rejects.toSatisfy(isAbortError);

    // Aborted during a back-off: the wait ends at once, with no further attempt.
    const during = new AbortController();
    let calls = 0;
    const retrying = withRetry(
      async () => {
        calls += 1;
        throw new Error('busy');
      },
      { shouldRetry: () => true, signal: during.signal },
    );
    const settled = expect(retrying).rejects.toSatisfy(isAbortError);
    await vi.advanceTimersByTimeAsync(0);
    during.abort();
    await settled;
    expect(calls).toBe(1);

    // An attempt that fails with an abort is not tried again, whatever `shouldRetry` says.
    calls = 0;
    const cancelled = new DOMException('cancelled', 'AbortError');
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw cancelled;
        },
        { shouldRetry: () => true, sleep: noWait },
      ),
    ).rejects.toBe(cancelled);
    expect(calls).toBe(1);
  });
});
