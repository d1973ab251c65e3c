import { describe, expect, it } from 'vitest';
import { formatConversion, parsePeriod, periodRange } from './analytics-period';

describe('analytics periods', () => {
  it('takes 7, 30 or 90 days, 30 otherwise', () => {
    expect(parsePeriod('7')).toBe(7);
    expect(parsePeriod('90')).toBe(90);
    expect(parsePeriod('12')).toBe(30);
    expect(parsePeriod(null)).toBe(30);
  });

  it("ends on Seoul's today and counts today among the days", () => {
    // 15:30 UTC is already the next day in Seoul.
    expect(periodRange(7, new Date('2026-03-01T15:30:00Z'))).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
    });
    expect(periodRange(1, new Date('2026-03-01T10:00:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
  });

  it('writes the conversion as a percentage, a dash without views', () => {
    expect(formatConversion(0.125, 'en')).toBe('12.5%');
    expect(formatConversion(null, 'en')).toBe('–');
  });
});
