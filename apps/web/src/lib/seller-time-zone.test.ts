import { afterEach, describe, expect, it, vi } from 'vitest';
import { isoOfSellerInput, sellerInputOf, sellerToday } from './seller-time-zone';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the seller center's clock", () => {
  it("is Seoul's, UTC+9 all year, whatever the reader's time zone", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(sellerToday(new Date('2026-11-20T14:59:59Z'))).toBe('2026-11-20');
    expect(sellerToday(new Date('2026-11-20T15:00:00Z'))).toBe('2026-11-21');
    // No summer time: the same offset in July.
    expect(sellerToday(new Date('2026-07-01T15:00:00Z'))).toBe('2026-07-02');
  });

  it('shows a time in a date-and-time field on that clock, and reads it back', () => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
    expect(sellerInputOf('2026-11-20T15:30:00.000Z')).toBe('2026-11-21T00:30');
    expect(isoOfSellerInput('2026-11-21T00:30')).toBe('2026-11-20T15:30:00.000Z');
    expect(isoOfSellerInput('2026-11-21T00:30:15')).toBe('2026-11-20T15:30:15.000Z');
    // A Seoul time that New York's clocks skip when summer time starts.
    vi.stubEnv('TZ', 'America/New_York');
    expect(isoOfSellerInput('2026-03-08T16:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(sellerInputOf('2026-03-08T07:30:00.000Z')).toBe('2026-03-08T16:30');
  });

  it('leaves an empty field empty', () => {
    expect(sellerInputOf(null)).toBe('');
    expect(sellerInputOf('not a time')).toBe('');
    expect(isoOfSellerInput('')).toBeNull();
    expect(isoOfSellerInput('tomorrow')).toBeNull();
  });
});
