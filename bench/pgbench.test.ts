import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logPercentiles } from './lib/pgbench.ts';

describe("pgbench's per-transaction log", () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pgbench-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives p50 and p99 over every thread’s file, in milliseconds', () => {
    // `client transaction time_us script epoch epoch_us`: 100 transactions of 1..100 ms over
    // two files, as two pgbench threads write them.
    const line = (ms: number) => `3 ${ms} ${ms * 1000} 0 1764000000 ${ms}`;
    const first = Array.from({ length: 50 }, (_, i) => line(2 * i + 1));
    const second = Array.from({ length: 50 }, (_, i) => line(2 * i + 2));
    writeFileSync(path.join(dir, 'log.1'), `${first.join('\n')}\n`);
    writeFileSync(path.join(dir, 'log.1.1'), `${second.join('\n')}\n`);
    expect(logPercentiles([path.join(dir, 'log.1'), path.join(dir, 'log.1.1')])).toEqual({
      p50Ms: 51,
      p99Ms: 100,
    });
  });

  it('refuses an empty log rather than reporting zero', () => {
    writeFileSync(path.join(dir, 'log.2'), '');
    expect(() => logPercentiles([path.join(dir, 'log.2')])).toThrow(/no transaction/);
  });
});
