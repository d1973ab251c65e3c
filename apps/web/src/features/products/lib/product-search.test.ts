import type { Product } from '@seller/contract/products/product';
import { describe, expect, it } from 'vitest';
import { filterProducts } from './product-search';

const product = (id: string, title: string, description: string): Product => ({
  id,
  title,
  description,
  price: 10,
  status: 'active',
  created_at: '2026-11-21T00:00:00Z',
  updated_at: '2026-11-21T00:00:00Z',
  view_count: 0,
  sales_count: 0,
  file_count: 1,
  thumbnail_url: null,
  download_limit: 5,
  pdf_stamp: false,
});

describe('product search', () => {
  const products = [
    product('1', 'Watercolor Brushes', 'For Procreate'),
    product('2', 'Lightroom presets', 'Moody WATERCOLOR tones'),
    product('3', 'Ebook', 'Cooking'),
  ];

  it('matches title or description, ignoring case', () => {
    expect(filterProducts(products, 'watercolor').map((p) => p.id)).toEqual(['1', '2']);
    expect(filterProducts(products, 'PROCREATE').map((p) => p.id)).toEqual(['1']);
  });

  it('keeps everything for an empty query and nothing when nothing matches', () => {
    expect(filterProducts(products, '  ')).toHaveLength(3);
    expect(filterProducts(products, 'zzz')).toEqual([]);
  });
});
