import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate } from './format-date';

describe('dates', () => {
  it('formats transactions as yyyy-MM-dd HH:mm and product dates as yyyy-MM-dd', () => {
    const date = new Date(2026, 10, 21, 9, 5);
    expect(formatDateTime(date, 'en')).toBe('2026-11-21 09:05');
    expect(formatShortDate(date, 'ko')).toBe('2026-11-21');
    expect(formatShortDate('not a date', 'en')).toBe('');
  });

  it('writes long dates in the reader’s words in each of the six languages', () => {
    const date = new Date(2026, 10, 21, 12, 0);
    expect(formatLongDate(date, 'en')).toBe('November 21st, 2026');
    expect(formatLongDate(date, 'ko')).toContain('2026년');
    expect(formatLongDate(date, 'zh')).toContain('2026年');
    expect(formatLongDate(date, 'ja')).toContain('2026年11月21日');
    expect(formatLongDate(date, 'fr')).toBe('21 novembre 2026');
    expect(formatLongDate(date, 'tr')).toBe('21 Kasım 2026');
    expect(formatLongDate('garbage', 'en')).toBe('');
  });

  it('pads single-digit months, days, hours and minutes', () => {
    const date = new Date(2026, 0, 2, 3, 4);
    for (const language of ['en', 'ko', 'zh', 'ja', 'fr', 'tr']) {
      expect(formatDateTime(date, language)).toBe('2026-01-02 03:04');
      expect(formatShortDate(date, language)).toBe('2026-01-02');
    }
  });
});
