import { useParams, useSearchParams } from 'react-router';
import { CustomerDetail } from '@/features/customers/components/customer-detail';
import { CustomersPage } from '@/features/customers/components/customers-page';
import {
  customerListSearch,
  parseCustomerListView,
} from '@/features/customers/lib/customers-search-params';
import { useMyProducts } from '@/features/products/api/get-my-products';

/** /customers: the buyers list, its filters in the URL, the seller's products to filter by. */
export function CustomersRoute() {
  const [search, setSearch] = useSearchParams();
  const products = useMyProducts();
  return (
    <CustomersPage
      view={parseCustomerListView(search)}
      products={(products.data ?? []).map((product) => ({
        id: product.id,
        title: product.title,
      }))}
      onViewChange={(view) => setSearch(customerListSearch(view))}
    />
  );
}

/** /customers/:customerId: one buyer and their sales. */
export function CustomerDetailRoute() {
  const { customerId = '' } = useParams();
  return <CustomerDetail key={customerId} customerId={customerId} />;
}
