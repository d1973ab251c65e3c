import { describe, expect, it } from 'vitest';
import { roundedProduct } from './decimal-rounding.ts';
import { toCny, toKrw } from './products/get-exchange-rate.ts';

describe('prices converted at a rate', () => {
  it('round halves up on the decimals as written, not on the float product', () => {
    // 45 × 1380.1 is 62104.5 and 13 × 7.05 is 91.65 exactly; their floats fall just below.
    expect(45 * 1380.1).toBeLessThan(62104.5);
    expect(toKrw(45, { krw: 1380.1 })).toBe(62105);
    expect(toCny(13, { cny: 7.05 })).toBe(91.7);
    expect(toKrw(12.99, { krw: 1380 })).toBe(17926);
    expect(toCny(12.99, { cny: 7.2 })).toBe(93.5);
    expect(toKrw(0, { krw: 1380.1 })).toBe(0);
  });

  it('divides by a third decimal when asked, and gives 0 without a rate', () => {
    expect(roundedProduct(13_800, 7.2, 1, 1380)).toBe(72);
    expect(roundedProduct(1000, 7.2, 1, 1380)).toBe(5.2);
    // 1380 won at 1380 won and 7.25 yuan to the dollar: 7.25, half up to 7.3.
    expect(roundedProduct(1380, 7.25, 1, 1380)).toBe(7.3);
    expect(roundedProduct(1000, 7.2, 1, 0)).toBe(0);
    expect(roundedProduct(1000, 7.2, 1, Number.NaN)).toBe(0);
  });

  it('rounds halves towards +∞ like Math.round, and reads numbers printed with exponents', () => {
    expect(roundedProduct(-1.5, 1, 0)).toBe(-1);
    expect(roundedProduct(-2.5, 1, 0)).toBe(-2);
    expect(roundedProduct(-2.51, 1, 0)).toBe(-3);
    expect(roundedProduct(1e21, 2, 0)).toBe(2e21);
    expect(roundedProduct(5e-7, 1e6, 0)).toBe(1);
  });

  it('agrees with exact rounding over many prices and rates', () => {
    for (let cents = 1; cents <= 20_000; cents += 7) {
      const price = cents / 100;
      for (const krw of [1300.5, 1380.1, 1412.35]) {
        // Exact: cents × krw × 100 as integers, then half up on the hundredths.
        const exact = Math.round(cents * Math.round(krw * 100));
        const expected = Math.floor((exact + 5_000) / 10_000);
        expect(toKrw(price, { krw }), `${price} × ${krw}`).toBe(expected);
      }
    }
  });
});
