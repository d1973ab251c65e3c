import { describe, expect, it } from 'vitest';
import { describeHostSpeed, measureFreshMemory, touchFreshMemory } from './lib/host-speed.ts';

describe('fresh memory', () => {
  it('touches pages the process has not used before: each one faults in', () => {
    const touched = touchFreshMemory(64 * 2 ** 20);
    expect(touched.pages).toBe(16_384);
    // A block this large is mapped afresh (glibc maps anything over 32 MiB on its own): a fault
    // for each 4 KiB page, or at the least for each 2 MiB huge page where the kernel hands
    // those out. Memory used before would not fault at all.
    expect(touched.minorFaults).toBeGreaterThanOrEqual(touched.pages / 512);
    expect(touched.cpuMicros).toBeGreaterThan(0);
  });

  it('tells the CPU per fresh page as the median of its rounds', () => {
    const micros = measureFreshMemory({ rounds: 3, bytes: 8 * 2 ** 20 });
    expect(Number.isFinite(micros)).toBe(true);
    expect(micros).toBeGreaterThan(0);
  });
});

describe('describeHostSpeed', () => {
  it('names both yardsticks', () => {
    expect(
      describeHostSpeed({
        helloWorldCpuMicros: 24,
        answersPerSecond: 41_000,
        freshPageMicros: 0.4,
      }),
    ).toBe('hello-world 24 µs of CPU per answer (41,000/s), a fresh page of memory 0.4 µs');
  });
});
