import { useSearchParams } from 'react-router';
import { ProductList } from '@/features/products/components/product-list';
import {
  type ProductListView,
  parseProductListView,
  withProductListView,
} from '@/features/products/lib/product-list-params';

/** /products: the sort, the status filter and the page live in the URL query. */
export function ProductsRoute() {
  const [search, setSearch] = useSearchParams();
  return (
    <ProductList
      view={parseProductListView(search)}
      onViewChange={(change: Partial<ProductListView>) =>
        setSearch((current) => withProductListView(current, change))
      }
    />
  );
}
