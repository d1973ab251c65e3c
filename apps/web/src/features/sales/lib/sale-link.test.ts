import { describe, expect, it } from 'vitest';
import { saleLinkState, salesListOf } from './sale-link';

describe('the way back from a sale', () => {
  it('goes back to the period, day and page the sale was opened from', () => {
    expect(salesListOf(saleLinkState('?period=week&page=2'))).toBe('/sales?period=week&page=2');
    expect(salesListOf(saleLinkState('?day=2026-11-23'))).toBe('/sales?day=2026-11-23');
  });

  it('goes to the whole list when the sale was opened without a list', () => {
    expect(salesListOf(saleLinkState(''))).toBe('/sales');
    expect(salesListOf(null)).toBe('/sales');
    expect(salesListOf(undefined)).toBe('/sales');
    expect(salesListOf({ salesList: 42 })).toBe('/sales');
  });

  it('never leaves the sales list for another address', () => {
    expect(salesListOf({ salesList: 'https://example.com/sales' })).toBe('/sales');
    expect(salesListOf({ salesList: '/salesman' })).toBe('/sales');
    expect(salesListOf({ salesList: '//example.com' })).toBe('/sales');
  });
});
