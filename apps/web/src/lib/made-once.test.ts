import { describe, expect, it } from 'vitest';
import { madeOnce } from './made-once';

describe('madeOnce', () => {
  it('makes a value once for the same arguments and again for others', () => {
    const calls: string[] = [];
    const format = madeOnce((language: string | undefined, digits: number) => {
      calls.push(`${language}/${digits}`);
      return { language, digits };
    });
    const first = format('ko', 0);
    expect(format('ko', 0)).toBe(first);
    expect(format('ko', 1)).not.toBe(first);
    expect(format('zh', 0)).not.toBe(first);
    expect(format(undefined, 0)).toBe(format(undefined, 0));
    expect(calls).toEqual(['ko/0', 'ko/1', 'zh/0', 'undefined/0']);
  });
});
