import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { describe, expect, it } from 'vitest';
import {
  arrangeProducts,
  pageOf,
  parseProductListView,
  productsPerPage,
  withProductListView,
} from './product-list-params';

const product = (
  id: string,
  values: Partial<ProductListItem> & Pick<ProductListItem, 'title'>,
): ProductListItem => ({
  id,
  description: '',
  price: 10,
  status: 'active',
  created_at: `2026-01-0${id}T00:00:00.000Z`,
  updated_at: '2026-01-01T00:00:00.000Z',
  view_count: 0,
  sales_count: 0,
  file_count: 1,
  thumbnail_url: null,
  download_limit: 5,
  pdf_stamp: false,
  revenue: 0,
  net_revenue: 0,
  ...values,
});

const products = [
  product('1', { title: 'brushes', price: 30, sales_count: 2, revenue: 50_000 }),
  product('2', { title: 'Apple fonts', price: 5, sales_count: 9, revenue: 40_000 }),
  product('3', { title: 'Zebra presets', price: 12, status: 'inactive', revenue: 90_000 }),
  product('4', { title: 'course 10', price: 12, status: 'pending' }),
  product('5', { title: 'course 9', price: 1 }),
];

const titles = (list: ProductListItem[]) => list.map((item) => item.title);

describe('the products list view', () => {
  it('reads sort, status and page from the URL, and defaults what is missing or unknown', () => {
    expect(
      parseProductListView(new URLSearchParams('sort=revenue&status=inactive&page=3')),
    ).toEqual({ sort: 'revenue', status: 'inactive', page: 3 });
    expect(
      parseProductListView(new URLSearchParams('sort=cheapest&status=deleted&page=0')),
    ).toEqual({
      sort: 'newest',
      status: 'all',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and a new sort or filter starts at page 1', () => {
    const start = new URLSearchParams('page=4&q=brush');
    expect(withProductListView(start, { sort: 'price' }).toString()).toBe('q=brush&sort=price');
    expect(
      withProductListView(new URLSearchParams('sort=price'), { sort: 'newest' }).toString(),
    ).toBe('');
    expect(withProductListView(new URLSearchParams('status=active'), { page: 2 }).toString()).toBe(
      'status=active&page=2',
    );
  });

  it('sorts each way in its natural order, ties newest first', () => {
    expect(titles(arrangeProducts(products, { sort: 'newest', status: 'all' }))).toEqual([
      'course 9',
      'course 10',
      'Zebra presets',
      'Apple fonts',
      'brushes',
    ]);
    expect(titles(arrangeProducts(products, { sort: 'title', status: 'all' }, 'en'))).toEqual([
      'Apple fonts',
      'brushes',
      'course 9',
      'course 10',
      'Zebra presets',
    ]);
    expect(titles(arrangeProducts(products, { sort: 'price', status: 'all' }))).toEqual([
      'brushes',
      'course 10',
      'Zebra presets',
      'Apple fonts',
      'course 9',
    ]);
    expect(titles(arrangeProducts(products, { sort: 'sales', status: 'all' })).slice(0, 2)).toEqual(
      ['Apple fonts', 'brushes'],
    );
    expect(
      titles(arrangeProducts(products, { sort: 'revenue', status: 'all' })).slice(0, 3),
    ).toEqual(['Zebra presets', 'brushes', 'Apple fonts']);
  });

  it('keeps only the status asked for', () => {
    expect(titles(arrangeProducts(products, { sort: 'newest', status: 'inactive' }))).toEqual([
      'Zebra presets',
    ]);
    expect(titles(arrangeProducts(products, { sort: 'newest', status: 'pending' }))).toEqual([
      'course 10',
    ]);
  });

  it('pages a thousand products, a page past the end showing the last one', () => {
    const many = Array.from({ length: 1000 }, (_, index) => index);
    const first = pageOf(many, 1);
    expect(first.rows).toHaveLength(productsPerPage);
    expect(first.pages).toBe(40);
    expect(pageOf(many, 40).rows.at(-1)).toBe(999);
    expect(pageOf(many, 99)).toMatchObject({ page: 40 });
    expect(pageOf([], 3)).toEqual({ rows: [], page: 1, pages: 1 });
  });
});
