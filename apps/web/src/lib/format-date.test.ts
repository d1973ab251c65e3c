import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate } from './format-date';

/** Runs `check` with the process in time zone `zone`, as a reader's browser elsewhere would be. */
function inZone(zone: string, check: () => void) {
  vi.stubEnv('TZ', zone);
  try {
    check();
  } finally {
    vi.unstubAllEnvs();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('dates', () => {
  it('formats transactions as yyyy-MM-dd HH:mm and product dates as yyyy-MM-dd', () => {
    // 09:05 in Seoul.
    const date = '2026-11-21T00:05:00Z';
    expect(formatDateTime(date, 'en')).toBe('2026-11-21 09:05');
    expect(formatShortDate(date, 'ko')).toBe('2026-11-21');
    expect(formatShortDate('not a date', 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('writes long dates in the reader’s words in each of the six languages', () => {
    const date = new Date('2026-11-21T03:00:00Z');
    expect(formatLongDate(date, 'en')).toBe('November 21st, 2026');
    expect(formatLongDate(date, 'ko')).toContain('2026년');
    expect(formatLongDate(date, 'zh')).toContain('2026年');
    expect(formatLongDate(date, 'ja')).toContain('2026年11月21日');
    expect(formatLongDate(date, 'fr')).toBe('21 novembre 2026');
    expect(formatLongDate(date, 'tr')).toBe('21 Kasım 2026');
    expect(formatLongDate('garbage', 'en')).toBe('');
  });

  it('pads single-digit months, days, hours and minutes', () => {
    // 03:04 on 2 January in Seoul.
    const date = new Date('2026-01-01T18:04:00Z');
    for (const language of ['en', 'ko', 'zh', 'ja', 'fr', 'tr']) {
      expect(formatDateTime(date, language)).toBe('2026-01-02 03:04');
      expect(formatShortDate(date, language)).toBe('2026-01-02');
    }
  });

  it("shows instants on the seller center's clock (Seoul), whatever the reader's time zone", () => {
    // 00:30 on 21 November in Seoul: still the 20th in Shanghai, New York and UTC.
    const sale = '2026-11-20T15:30:00Z';
    for (const zone of ['Asia/Shanghai', 'America/New_York', 'UTC', 'Pacific/Kiritimati']) {
      inZone(zone, () => {
        expect(formatDateTime(sale, 'en'), zone).toBe('2026-11-21 00:30');
        expect(formatShortDate(sale, 'en'), zone).toBe('2026-11-21');
        expect(formatLongDate(sale, 'en'), zone).toBe('November 21st, 2026');
        expect(formatLongDate(new Date(sale), 'ko'), zone).toBe('2026년 11월 21일');
      });
    }
  });

  it("keeps a Seoul time that the reader's summer time skips", () => {
    // 02:30 on 8 March 2026 in Seoul, the hour New York's clocks jump over that night.
    inZone('America/New_York', () => {
      expect(formatDateTime('2026-03-07T17:30:00Z', 'en')).toBe('2026-03-08 02:30');
    });
  });

  it('writes a day (yyyy-MM-dd) as that very day in every time zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Auckland', 'America/Los_Angeles', 'UTC']) {
      inZone(zone, () => {
        expect(formatLongDate('2026-11-21', 'en'), zone).toBe('November 21st, 2026');
        expect(formatLongDate('2026-01-01', 'fr'), zone).toBe('1 janvier 2026');
        expect(formatShortDate('2026-11-21'), zone).toBe('2026-11-21');
      });
    }
  });
});
