import { describe, expect, it } from 'vitest';
import { percentOf, planUpload, remainingParts } from './plan';

const MiB = 1024 * 1024;

describe('planUpload', () => {
  it('sends files up to 100 MB with one PUT', () => {
    expect(planUpload(1)).toEqual({ mode: 'single', size: 1 });
    expect(planUpload(100 * MiB)).toEqual({ mode: 'single', size: 100 * MiB });
  });

  it('splits larger files into 5 MiB parts, the last one shorter', () => {
    const plan = planUpload(100 * MiB + 1);
    if (plan.mode !== 'multipart') throw new Error('multipart expected');
    expect(plan.partSize).toBe(5 * MiB);
    expect(plan.parts).toHaveLength(21);
    expect(plan.parts[0]).toEqual({ partNumber: 1, start: 0, end: 5 * MiB, size: 5 * MiB });
    expect(plan.parts[20]).toEqual({
      partNumber: 21,
      start: 100 * MiB,
      end: 100 * MiB + 1,
      size: 1,
    });
  });

  it('a 5 GiB file is 1,024 parts of exactly 5 MiB, with exact 64-bit offsets', () => {
    const size = 5_368_709_120;
    const plan = planUpload(size);
    if (plan.mode !== 'multipart') throw new Error('multipart expected');
    expect(plan.parts).toHaveLength(1024);
    expect(plan.parts.every((part) => part.size === 5 * MiB)).toBe(true);
    expect(plan.parts.at(-1)?.end).toBe(size);
    expect(plan.parts.reduce((sum, part) => sum + part.size, 0)).toBe(size);
    // Offsets past 2^31 (no 32-bit arithmetic anywhere).
    expect(plan.parts[500]?.start).toBe(500 * 5 * MiB);
    expect(plan.parts[500]?.start).toBeGreaterThan(2 ** 31);
  });
});

describe('remainingParts', () => {
  const plan = planUpload(12 * MiB, { thresholdBytes: 0 });
  if (plan.mode !== 'multipart') throw new Error('multipart expected');

  it('keeps stored parts of the planned size and sends the others', () => {
    const { done, todo } = remainingParts(plan.parts, [
      { PartNumber: 1, ETag: '"a"', Size: 5 * MiB },
      { PartNumber: 3, ETag: '"c"', Size: 2 * MiB },
    ]);
    expect([...done.entries()]).toEqual([
      [1, '"a"'],
      [3, '"c"'],
    ]);
    expect(todo.map((part) => part.partNumber)).toEqual([2]);
  });

  it('sends again a stored part whose size is wrong or which has no ETag', () => {
    const { done, todo } = remainingParts(plan.parts, [
      { PartNumber: 1, ETag: '"a"', Size: 1000 },
      { PartNumber: 2, ETag: '', Size: 5 * MiB },
      { PartNumber: 9, ETag: '"z"', Size: 5 * MiB },
    ]);
    expect(done.size).toBe(0);
    expect(todo.map((part) => part.partNumber)).toEqual([1, 2, 3]);
  });
});

describe('percentOf', () => {
  it('rounds down and reaches 100 only when complete', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(200, 200)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});
