import { describe, expect, it } from 'vitest';
import { isRateStale, rateAgeDays } from './exchange-rate-age';

describe('exchange rate age', () => {
  const now = new Date(2026, 10, 21, 9, 30);

  it('counts calendar days before today', () => {
    expect(rateAgeDays('2026-11-21', now)).toBe(0);
    expect(rateAgeDays('2026-11-20', now)).toBe(1);
    expect(rateAgeDays('2026-11-14', now)).toBe(7);
    expect(rateAgeDays('2026-01-01', now)).toBe(324);
    expect(rateAgeDays('2026-11-30', now)).toBe(0);
    expect(rateAgeDays('yesterday', now)).toBeUndefined();
  });

  it('is stale after seven days', () => {
    expect(isRateStale('2026-11-14', now)).toBe(false);
    expect(isRateStale('2026-11-13', now)).toBe(true);
    expect(isRateStale('not a date', now)).toBe(false);
  });
});
