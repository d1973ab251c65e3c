import { describe, expect, it } from 'vitest';
import { blockingOf } from './compare-web-builds.ts';

describe('blockingOf', () => {
  it('counts each long task beyond 50 ms, and apart those from the first paint on', () => {
    const tasks = [
      { start: 100, duration: 120 },
      { start: 400, duration: 50 },
      { start: 900, duration: 80.4 },
      { start: 1500, duration: 251 },
    ];
    expect(blockingOf(tasks, 500)).toEqual({
      blockingMs: 70 + 0 + 30 + 201,
      blockingAfterPaintMs: 231,
    });
  });

  it('is nothing for a load without long tasks', () => {
    expect(blockingOf([], 0)).toEqual({ blockingMs: 0, blockingAfterPaintMs: 0 });
  });
});
