import { describe, expect, it } from 'vitest';
import {
  parseDay,
  parsePage,
  parsePeriod,
  withoutDay,
  withPage,
  withPeriod,
} from './sales-search-params';

describe('parseDay', () => {
  it('accepts a real date written YYYY-MM-DD', () => {
    expect(parseDay('2026-11-23')).toBe('2026-11-23');
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
  });

  it('reads anything else as no day', () => {
    for (const value of [
      null,
      undefined,
      '',
      '2026-13-01',
      '2026-02-30',
      '20261123',
      ' 2026-11-23',
      'today',
    ]) {
      expect(parseDay(value)).toBeNull();
    }
  });

  it('is left by choosing a period or clearing it, back to the first page', () => {
    expect(withPeriod(new URLSearchParams('day=2026-11-23&page=2'), 'week').toString()).toBe(
      'period=week',
    );
    expect(withoutDay(new URLSearchParams('period=month&day=2026-11-23&page=2')).toString()).toBe(
      'period=month',
    );
  });
});

describe('parsePeriod', () => {
  it('accepts the four periods', () => {
    for (const period of ['all', 'today', 'week', 'month'])
      expect(parsePeriod(period)).toBe(period);
  });

  it('reads anything else as all', () => {
    for (const value of [null, undefined, '', 'year', 'TODAY', ' week', 'all ']) {
      expect(parsePeriod(value)).toBe('all');
    }
  });
});

describe('parsePage', () => {
  it('reads whole numbers from 1', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage(' 12 ')).toBe(12);
  });

  it('falls back to the first page', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '1e3', '9999999999']) {
      expect(parsePage(value)).toBe(1);
    }
  });
});

describe('query string updates', () => {
  it('choosing a period keeps it and resets the page, other parameters stay', () => {
    const next = withPeriod(new URLSearchParams('period=all&page=3&lng=ko'), 'today');
    expect(next.get('period')).toBe('today');
    expect(next.get('page')).toBeNull();
    expect(next.get('lng')).toBe('ko');
  });

  it('moving to a page sets it, the first page leaves it out', () => {
    const search = new URLSearchParams('period=week');
    expect(withPage(search, 2).toString()).toBe('period=week&page=2');
    expect(withPage(new URLSearchParams('period=week&page=2'), 1).toString()).toBe('period=week');
  });
});
