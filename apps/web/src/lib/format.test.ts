import { describe, expect, it } from 'vitest';
import { formatCount, formatKrwAmount } from './format';
import { formatDateTime, formatLongDate, formatShortDate } from './format-date';

// Money in USD/KRW/CNY, relative times and file sizes are tested in format-money-time-size.test.ts.

describe('dates', () => {
  it('formats transactions as yyyy-MM-dd HH:mm and product dates as yyyy-MM-dd', () => {
    const date = new Date(2026, 10, 21, 9, 5);
    expect(formatDateTime(date, 'en')).toBe('2026-11-21 09:05');
    expect(formatShortDate(date, 'ko')).toBe('2026-11-21');
    expect(formatShortDate('not a date', 'en')).toBe('');
  });
});

describe('numbers', () => {
  it('groups thousands', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
  });

  it('shows sales amounts in won without decimals', () => {
    expect(formatKrwAmount(15000, 'ko')).toBe('15,000원');
    expect(formatKrwAmount(15000, 'zh')).toBe('15,000韩元');
    expect(formatKrwAmount(15000.4, 'en')).toBe('₩15,000');
  });
});

describe('sales amounts and dates in every language', () => {
  it.each([
    ['en', '₩1,234,568'],
    ['ja', '₩1,234,568'],
    ['fr', '₩1,234,568'],
    ['tr', '₩1,234,568'],
    ['ko', '1,234,568원'],
    ['zh', '1,234,568韩元'],
  ])('%s rounds to whole won: %s', (language, expected) => {
    expect(formatKrwAmount(1_234_567.5, language)).toBe(expected);
  });

  it('keeps the sign of refunds and never shows a negative zero', () => {
    expect(formatKrwAmount(-2500, 'en')).toBe('-₩2,500');
    expect(formatKrwAmount(-2500, 'ko')).toBe('-2,500원');
    expect(formatKrwAmount(-0.4, 'en')).toBe('₩0');
  });

  it('writes long dates in the reader’s words for Korean and Chinese, English otherwise', () => {
    const date = new Date(2026, 10, 21, 12, 0);
    expect(formatLongDate(date, 'ko')).toContain('2026년');
    expect(formatLongDate(date, 'zh')).toContain('2026年');
    expect(formatLongDate(date, 'fr')).toContain('November');
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
