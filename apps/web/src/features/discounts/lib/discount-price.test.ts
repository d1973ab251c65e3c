import { describe, expect, it } from 'vitest';
import { buyerPrice, discountValue, wholeNumberOf } from './discount-price';

describe('buyerPrice', () => {
  it('rounds a percent discount down', () => {
    expect(buyerPrice('percent', 15, 9999)).toEqual({ discountAmount: 1499, finalAmount: 8500 });
  });

  it('takes a fixed amount off, at most the price (a free copy)', () => {
    expect(buyerPrice('fixed', 3000, 10_000)).toEqual({ discountAmount: 3000, finalAmount: 7000 });
    expect(buyerPrice('fixed', 5000, 3000)).toEqual({ discountAmount: 3000, finalAmount: 0 });
    expect(buyerPrice('percent', 100, 4321)).toEqual({ discountAmount: 4321, finalAmount: 0 });
  });

  it('shows nothing for a value the server would refuse or a missing price', () => {
    expect(buyerPrice('percent', 101, 1000)).toBeNull();
    expect(buyerPrice('percent', 0, 1000)).toBeNull();
    expect(buyerPrice('fixed', null, 1000)).toBeNull();
    expect(buyerPrice('fixed', 100, null)).toBeNull();
  });
});

describe('wholeNumberOf', () => {
  it('reads plain digits only', () => {
    expect(wholeNumberOf(' 1200 ')).toBe(1200);
    expect(wholeNumberOf('')).toBeNull();
    expect(wholeNumberOf('1.5')).toBeNull();
    expect(wholeNumberOf('-3')).toBeNull();
  });
});

describe('discountValue', () => {
  it('writes a percent or the won taken off', () => {
    const won = (n: number) => `₩${n}`;
    expect(discountValue({ kind: 'percent', percent: 15, amount: null }, won)).toBe('15%');
    expect(discountValue({ kind: 'fixed', percent: null, amount: 3000 }, won)).toBe('₩3000');
  });
});
