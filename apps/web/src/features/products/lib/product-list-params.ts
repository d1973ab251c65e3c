import type { ProductStatus } from '@seller/contract/limits';
import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { intlFormat } from '@/lib/intl-data';

/**
 * The products page's view, kept in the URL (`/products?sort=revenue&status=active&page=2`) so
 * that a reload, a shared link or Back shows the same list.
 */
export const productSorts = ['newest', 'title', 'price', 'sales', 'revenue'] as const;
export type ProductSort = (typeof productSorts)[number];

/** The statuses the list can be narrowed to (deleted products are never listed). */
export const productStatusFilters = ['all', 'active', 'inactive', 'pending'] as const;
export type ProductStatusFilter = (typeof productStatusFilters)[number];

/** Rows per page: the DOM stays small whatever the number of products. */
export const productsPerPage = 25;

export interface ProductListView {
  sort: ProductSort;
  status: ProductStatusFilter;
  page: number;
}

const defaults: ProductListView = { sort: 'newest', status: 'all', page: 1 };

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

/** The view a query string names; unknown values read as the defaults. */
export function parseProductListView(search: URLSearchParams): ProductListView {
  const page = search.get('page')?.trim() ?? '';
  return {
    sort: oneOf(productSorts, search.get('sort'), defaults.sort),
    status: oneOf(productStatusFilters, search.get('status'), defaults.status),
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : defaults.page,
  };
}

/**
 * The query string after a change of the view: defaults are left out, and a new sort or
 * filter goes back to the first page. Other parameters stay.
 */
export function withProductListView(
  search: URLSearchParams,
  change: Partial<ProductListView>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const view = { ...parseProductListView(search), ...change };
  if (change.sort !== undefined || change.status !== undefined) view.page = defaults.page;
  for (const key of ['sort', 'status', 'page'] as const) {
    if (view[key] === defaults[key]) next.delete(key);
    else next.set(key, String(view[key]));
  }
  return next;
}

type Compare = (a: ProductListItem, b: ProductListItem) => number;

const newestFirst: Compare = (a, b) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

/**
 * Each sort in its natural order: newest first, titles A to Z (in the reader's language),
 * then the highest price, the most sales and the highest revenue first; ties newest first.
 */
function comparator(sort: ProductSort, collator: Intl.Collator): Compare {
  switch (sort) {
    case 'newest':
      return newestFirst;
    case 'title':
      return (a, b) => collator.compare(a.title, b.title) || newestFirst(a, b);
    case 'price':
      return (a, b) => b.price - a.price || newestFirst(a, b);
    case 'sales':
      return (a, b) => b.sales_count - a.sales_count || newestFirst(a, b);
    case 'revenue':
      return (a, b) => b.revenue - a.revenue || newestFirst(a, b);
  }
}

/** Titles compared as the reader's language sorts them, digits by their value. */
const collatorOf = intlFormat(
  (language: string | undefined) =>
    new Intl.Collator(language, { sensitivity: 'base', numeric: true }),
);

/** The products with the status asked for, in the order asked for. */
export function arrangeProducts(
  products: readonly ProductListItem[],
  view: Pick<ProductListView, 'sort' | 'status'>,
  language?: string,
): ProductListItem[] {
  const collator = collatorOf(language);
  const kept =
    view.status === 'all'
      ? [...products]
      : products.filter((product) => product.status === (view.status as ProductStatus));
  return kept.sort(comparator(view.sort, collator));
}

/** One page of a list: its rows, and the page actually shown (a page past the end shows the last). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / productsPerPage));
  const shown = Math.min(Math.max(1, page), pages);
  const start = (shown - 1) * productsPerPage;
  return { rows: items.slice(start, start + productsPerPage), page: shown, pages };
}
