import { describe, expect, it } from 'vitest';
import {
  customerFilters,
  customerListSearch,
  parseCustomerListView,
} from './customers-search-params';

describe('the customers list in the URL', () => {
  it('reads filters, sort and page, and writes them back without defaults', () => {
    const view = parseCustomerListView(
      new URLSearchParams('query=kim&country=kr&consent=granted&sort=totalNet&page=3'),
    );
    expect(view).toEqual({
      query: 'kim',
      productId: '',
      country: 'KR',
      consent: 'granted',
      sort: 'totalNet',
      page: 3,
    });
    expect(customerListSearch(view).toString()).toBe(
      'query=kim&country=KR&consent=granted&sort=totalNet&page=3',
    );
    expect(customerFilters(view)).toEqual({
      sort: 'totalNet',
      query: 'kim',
      country: 'KR',
      consent: 'granted',
    });
  });

  it('takes unknown values as the defaults', () => {
    expect(parseCustomerListView(new URLSearchParams('sort=email&consent=maybe&page=-2'))).toEqual({
      query: '',
      productId: '',
      country: '',
      consent: '',
      sort: 'lastPurchaseAt',
      page: 1,
    });
  });
});
