import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatKrwAmount, formatShortDate } from './format';

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
