import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  BroadcastCompose,
  type ComposeVersion,
} from '@/features/customers/components/broadcast-compose';
import { CustomerDetail } from '@/features/customers/components/customer-detail';
import { CustomersPage } from '@/features/customers/components/customers-page';
import {
  customerListSearch,
  parseCustomerListView,
} from '@/features/customers/lib/customers-search-params';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { productQueryOptions } from '@/features/products/api/get-product';
import { fileVersionsQueryOptions } from '@/features/products/api/list-file-versions';
import { useProfile } from '@/features/profile/api/get-profile';

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

/** Every version of the files of these products, for a product update to quote. */
function useVersionsOf(productIds: readonly string[]): ComposeVersion[] {
  const details = useQueries({ queries: productIds.map((id) => productQueryOptions(id)) });
  const files = details.flatMap((detail, index) =>
    (detail.data?.files ?? []).map((file) => ({
      productId: productIds[index] ?? '',
      fileId: file.id,
    })),
  );
  const versions = useQueries({
    queries: files.map((file) => fileVersionsQueryOptions(file.productId, file.fileId)),
  });
  return versions.flatMap((result, index) =>
    (result.data?.versions ?? []).map((version) => ({
      id: version.id,
      productId: files[index]?.productId ?? '',
      fileName: version.file_original_name,
      number: version.number,
      label: version.label,
      changelog: version.changelog,
    })),
  );
}

/**
 * /customers/mail: write to buyers, with the seller's products and their files' versions to
 * choose from and the seller's name and address the mail's frame shows.
 */
export function CustomerMailRoute() {
  const products = useMyProducts();
  const profile = useProfile();
  const [chosen, setChosen] = useState<string[]>([]);
  const versions = useVersionsOf(chosen);
  const email = profile.data?.email ?? '';
  return (
    <BroadcastCompose
      products={(products.data ?? []).map((product) => ({
        id: product.id,
        title: product.title,
      }))}
      productsLoading={products.isPending}
      versions={versions}
      seller={{ name: profile.data?.nickname ?? email, contact: email }}
      origin={window.location.origin}
      onProductsChange={setChosen}
    />
  );
}
