import { describe, expect, it } from 'vitest';
import {
  isRangeValid,
  parseDay,
  parsePage,
  parseRange,
  withPage,
  withRange,
} from './payouts-search-params';

describe('the payouts view in the URL', () => {
  it('reads real dates only', () => {
    expect(parseDay('2026-11-26')).toBe('2026-11-26');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('26-11-2026')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('reads whole page numbers from 1, anything else as the first page', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it('reads the ledger period, and refuses a start after the end', () => {
    const range = parseRange(new URLSearchParams('from=2026-11-30&to=2026-11-01'));
    expect(range).toEqual({ from: '2026-11-30', to: '2026-11-01' });
    expect(isRangeValid(range)).toBe(false);
    expect(isRangeValid({ from: '2026-11-01', to: '2026-11-01' })).toBe(true);
    expect(isRangeValid({ from: '2026-11-01', to: null })).toBe(true);
  });

  it('sends the ledger back to its first page on a new period, keeping the payouts page', () => {
    const search = new URLSearchParams('ledgerPage=3&payoutsPage=2&to=2026-11-30');
    const next = withRange(search, { from: '2026-11-01', to: null });
    expect(next.toString()).toBe('payoutsPage=2&from=2026-11-01');
  });

  it('leaves the first page out of the URL', () => {
    const search = new URLSearchParams('ledgerPage=3');
    expect(withPage(search, 'ledgerPage', 1).toString()).toBe('');
    expect(withPage(search, 'payoutsPage', 2).toString()).toBe('ledgerPage=3&payoutsPage=2');
  });
});
