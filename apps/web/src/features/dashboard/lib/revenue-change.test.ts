import { describe, expect, it } from 'vitest';
import { formatChange, revenueChange } from './revenue-change';

describe('revenue change against the previous 30 days', () => {
  it('is a ratio when there were sales before, "new" when there were none', () => {
    expect(revenueChange(150, 100)).toEqual({ kind: 'change', ratio: 0.5 });
    expect(revenueChange(50, 100)).toEqual({ kind: 'change', ratio: -0.5 });
    expect(revenueChange(100, 0)).toEqual({ kind: 'new' });
    expect(revenueChange(0, 0)).toEqual({ kind: 'none' });
  });

  it('is written signed, with a decimal only for small changes', () => {
    expect(formatChange(0.5, 'en')).toBe('+50%');
    expect(formatChange(-0.1234, 'en')).toBe('-12%');
    expect(formatChange(0.0444, 'en')).toBe('+4.4%');
    expect(formatChange(0, 'en')).toBe('0%');
  });
});
