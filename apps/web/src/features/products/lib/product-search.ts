import type { Product } from '@seller/contract/products/product';

/** The product search matches the title or the description, case-insensitively. */
export function filterProducts(products: readonly Product[], query: string): Product[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [...products];
  return products.filter(
    (product) =>
      product.title.toLocaleLowerCase().includes(needle) ||
      product.description.toLocaleLowerCase().includes(needle),
  );
}
