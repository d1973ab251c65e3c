import type { Product } from '@seller/contract/products/product';

/** The product search matches the title or the description, case-insensitively. */
export function filterProducts<P extends Pick<Product, 'title' | 'description'>>(
  products: readonly P[],
  query: string,
): P[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...products];
  return products.filter(
    (product) =>
      product.title.toLocaleLowerCase().includes(needle) ||
      product.description.toLocaleLowerCase().includes(needle),
  );
}
