import {
  type CustomerSort,
  customerSorts,
  type MarketingConsent,
  marketingConsents,
} from '@seller/contract/customers/customer';

/** What the customers list shows, as it lives in the URL (`?country=KR&sort=totalNet&page=2`). */
export interface CustomerListView {
  query: string;
  productId: string;
  country: string;
  consent: MarketingConsent | '';
  sort: CustomerSort;
  page: number;
}

const isSort = (value: string | null): value is CustomerSort =>
  customerSorts.some((sort) => sort === value);
const isConsent = (value: string | null): value is MarketingConsent =>
  marketingConsents.some((consent) => consent === value);

/** The view of a URL's search; anything unknown or malformed is the default. */
export function parseCustomerListView(search: URLSearchParams): CustomerListView {
  const sort = search.get('sort');
  const consent = search.get('consent');
  const page = Number(search.get('page'));
  return {
    query: search.get('query')?.trim() ?? '',
    productId: search.get('productId') ?? '',
    country: (search.get('country') ?? '').toUpperCase(),
    consent: isConsent(consent) ? consent : '',
    sort: isSort(sort) ? sort : 'lastPurchaseAt',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The search of a view: defaults left out; any change but the page goes back to page 1. */
export function customerListSearch(view: CustomerListView): URLSearchParams {
  const search = new URLSearchParams();
  if (view.query) search.set('query', view.query);
  if (view.productId) search.set('productId', view.productId);
  if (view.country) search.set('country', view.country);
  if (view.consent) search.set('consent', view.consent);
  if (view.sort !== 'lastPurchaseAt') search.set('sort', view.sort);
  if (view.page > 1) search.set('page', String(view.page));
  return search;
}

/** The filters the API takes (empty ones left out). */
export function customerFilters(view: CustomerListView) {
  return {
    sort: view.sort,
    ...(view.query ? { query: view.query } : {}),
    ...(view.productId ? { productId: view.productId } : {}),
    ...(view.country ? { country: view.country } : {}),
    ...(view.consent ? { consent: view.consent } : {}),
  };
}
