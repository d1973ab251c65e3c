import { ProductList } from '@/features/products/components/product-list';

export function ProductsRoute() {
  return <ProductList />;
}
