import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  combineUsage,
  endedChildrenCpuSeconds,
  namedCpuSeconds,
  noUsage,
  processCpuSeconds,
  processUsage,
} from './lib/process-cpu.ts';

describe('processUsage', () => {
  it("counts this process's write calls and CPU as they happen", () => {
    const before = processUsage(process.pid);
    const file = openSync('/dev/null', 'w');
    try {
      for (let i = 0; i < 500; i++) writeSync(file, 'x');
    } finally {
      closeSync(file);
    }
    // Some CPU, so that the clock-tick counters move.
    const until = performance.now() + 60;
    let spin = 0;
    while (performance.now() < until) spin++;
    const used = combineUsage(processUsage(process.pid), before, -1);
    expect(spin).toBeGreaterThan(0);
    expect(used.writeCalls).toBeGreaterThanOrEqual(500);
    expect(used.userSeconds + used.systemSeconds).toBeGreaterThan(0);
    expect(used.preemptions).toBeGreaterThanOrEqual(0);
  });

  it('reads zeros for a process that does not exist', () => {
    expect(processUsage(2 ** 22 + 1)).toEqual(noUsage);
  });

  it('adds and subtracts field by field', () => {
    const a = { userSeconds: 3, systemSeconds: 2, readCalls: 10, writeCalls: 8, preemptions: 4 };
    const b = { userSeconds: 1, systemSeconds: 1, readCalls: 4, writeCalls: 3, preemptions: 1 };
    expect(combineUsage(a, b, -1)).toEqual({
      userSeconds: 2,
      systemSeconds: 1,
      readCalls: 6,
      writeCalls: 5,
      preemptions: 3,
    });
    expect(combineUsage(noUsage, b)).toEqual(b);
  });
});

describe('CPU of ended children and of processes by name', () => {
  it("counts a child's CPU once it has ended and been waited for", () => {
    const before = endedChildrenCpuSeconds(process.pid);
    // A child that spins for 300 ms of CPU, waited for by spawnSync.
    const child = spawnSync(process.execPath, [
      '-e',
      'const until = process.cpuUsage().user + 300000; while (process.cpuUsage().user < until);',
    ]);
    expect(child.status).toBe(0);
    expect(endedChildrenCpuSeconds(process.pid) - before).toBeGreaterThanOrEqual(0.2);
  });

  it("sums every process with a command name, this one's own CPU included", () => {
    const name = readFileSync(`/proc/${process.pid}/comm`, 'utf8').trim();
    expect(namedCpuSeconds(name)).toBeGreaterThanOrEqual(processCpuSeconds(process.pid));
    expect(namedCpuSeconds('no-such-command-name')).toBe(0);
  });
});
