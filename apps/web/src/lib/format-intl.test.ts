import { describe, expect, it } from 'vitest';
import { formatFileSize, formatRelativeTime, relativeTimeStep } from './format-intl';

describe('relative time', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const minute = 60;
  const hour = 60 * minute;
  const day = 24 * hour;

  it('counts seconds under a minute', () => {
    expect(relativeTimeStep(ago(0), now)).toEqual({ value: 0, unit: 'second' });
    expect(relativeTimeStep(ago(59), now)).toEqual({ value: 59, unit: 'second' });
  });

  it('then minutes, hours and days up to 30 days', () => {
    expect(relativeTimeStep(ago(60), now)).toEqual({ value: 1, unit: 'minute' });
    expect(relativeTimeStep(ago(59 * minute + 59), now)).toEqual({ value: 59, unit: 'minute' });
    expect(relativeTimeStep(ago(hour), now)).toEqual({ value: 1, unit: 'hour' });
    expect(relativeTimeStep(ago(23 * hour), now)).toEqual({ value: 23, unit: 'hour' });
    expect(relativeTimeStep(ago(day), now)).toEqual({ value: 1, unit: 'day' });
    expect(relativeTimeStep(ago(29 * day), now)).toEqual({ value: 29, unit: 'day' });
  });

  it('then months up to 365 days, then years', () => {
    expect(relativeTimeStep(ago(30 * day), now)).toEqual({ value: 1, unit: 'month' });
    expect(relativeTimeStep(ago(364 * day), now)).toEqual({ value: 12, unit: 'month' });
    expect(relativeTimeStep(ago(365 * day), now)).toEqual({ value: 1, unit: 'year' });
    expect(relativeTimeStep(ago(800 * day), now)).toEqual({ value: 2, unit: 'year' });
  });

  it('treats future times as now', () => {
    expect(relativeTimeStep(new Date(now.getTime() + 5000), now)).toEqual({
      value: 0,
      unit: 'second',
    });
  });

  it('formats in the interface language', () => {
    expect(formatRelativeTime(ago(3 * minute), 'en', now)).toBe('3 minutes ago');
    expect(formatRelativeTime(ago(3 * minute), 'ko', now)).toBe('3분 전');
    expect(formatRelativeTime(ago(2 * day), 'en', now)).toBe('2 days ago');
    expect(formatRelativeTime('not a date', 'en', now)).toBe('');
  });
});

describe('file sizes', () => {
  it('uses bytes, KB, MB and GB (1024-based) with at most two decimals', () => {
    expect(formatFileSize(0, 'en')).toBe('0 bytes');
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(1024, 'en')).toBe('1 kB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatFileSize(1.234 * 1024 * 1024, 'en')).toBe('1.23 MB');
    expect(formatFileSize(5 * 1024 ** 3, 'en')).toBe('5 GB');
    expect(formatFileSize(3 * 1024 ** 4, 'en')).toBe('3,072 GB');
    expect(formatFileSize(Number.NaN, 'en')).toBe('0 bytes');
  });

  it.each([
    ['ko', '512바이트', '1.5MB'],
    ['zh', '512字节', '1.5 MB'],
    ['ja', '512 バイト', '1.5 MB'],
    ['fr', '512 octets', '1,5 Mo'],
    ['tr', '512 bayt', '1,5 MB'],
  ])('writes the units and numbers of %s', (language, bytes, megabytes) => {
    expect(formatFileSize(512, language).replace(/\s/g, ' ')).toBe(bytes);
    expect(formatFileSize(1.5 * 1024 * 1024, language).replace(/\s/g, ' ')).toBe(megabytes);
  });
});
