import { describe, expect, it } from 'vitest';
import { reachEstimate, reachQueries } from './broadcast-reach';

describe('the reach of a mail before it is sent', () => {
  it('counts marketing by consent, exactly when no product narrows it', () => {
    expect(reachQueries('marketing', [])).toEqual([
      { consent: 'granted' },
      { consent: 'none' },
      { consent: 'withdrawn' },
    ]);
    expect(reachEstimate('marketing', [], [5, 3, 1])).toEqual({
      reach: 5,
      noConsent: 3,
      unsubscribed: 1,
      upTo: false,
    });
  });

  it('adds up each product, as an upper bound', () => {
    expect(reachQueries('marketing', ['a', 'b'])).toHaveLength(6);
    expect(reachEstimate('marketing', ['a', 'b'], [2, 1, 0, 4, 0, 1])).toEqual({
      reach: 6,
      noConsent: 1,
      unsubscribed: 1,
      upTo: true,
    });
    expect(reachQueries('product_update', [])).toEqual([]);
    expect(reachQueries('product_update', ['a', 'b'])).toEqual([
      { productId: 'a' },
      { productId: 'b' },
    ]);
    expect(reachEstimate('product_update', ['a', 'b'], [3, 4])).toMatchObject({
      reach: 7,
      upTo: true,
    });
  });
});
