import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRateStale, rateAgeDays } from './exchange-rate-age';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('exchange rate age', () => {
  // 18:30 on 21 November in Seoul.
  const now = new Date('2026-11-21T09:30:00Z');

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

  it("counts the seller center's days (Seoul), as the rates are dated, in any time zone", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    // 01:00 on 21 November in Seoul, still the 20th in Los Angeles.
    const justAfterMidnight = new Date('2026-11-20T16:00:00Z');
    expect(rateAgeDays('2026-11-21', justAfterMidnight)).toBe(0);
    expect(rateAgeDays('2026-11-14', justAfterMidnight)).toBe(7);
    expect(isRateStale('2026-11-13', justAfterMidnight)).toBe(true);
  });
});
