import { describe, expect, it } from 'vitest';
import { backoffDelay, isAbortError, sleep, withRetry } from './retry';

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

  it('stops waiting when aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort();
    await expect(pending).rejects.toSatisfy(isAbortError);
    await expect(
      withRetry(async () => 1, { shouldRetry: () => true, signal: controller.signal }),
    ).rejects.toSatisfy(isAbortError);
  });
});
