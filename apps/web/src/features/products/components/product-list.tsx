import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { PlusIcon } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/layouts/page-header';
import { Pagination } from '@/components/pagination';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useDeleteProduct } from '../api/delete-product';
import { useMyProducts } from '../api/get-my-products';
import { useProductStats } from '../api/get-product-stats';
import {
  arrangeProducts,
  type ProductListView,
  pageOf,
  productsPerPage,
} from '../lib/product-list-params';
import { filterProducts } from '../lib/product-search';
import { ProductCards } from './product-cards';
import { ProductCounters } from './product-counters';
import { ProductListControls } from './product-list-controls';
import { ProductListEmpty } from './product-list-empty';
import { ProductListSkeleton } from './product-list-skeleton';
import { ProductSearchEmpty } from './product-search-empty';
import { ProductTable } from './product-table';

/**
 * /products: counters, search, sort and status filter (kept in the URL), and a page of the
 * products as a table (desktop) or cards (phones), each with its price in dollars beside its
 * sales, revenue in won and views.
 */
export function ProductList({
  view,
  onViewChange,
}: {
  view: ProductListView;
  onViewChange: (change: Partial<ProductListView>) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const navigate = useNavigate();
  const products = useMyProducts();
  // The rows are drawn in slices once the list arrives; the skeleton stays until then.
  const loaded = useDrawnLater(products).data;
  const stats = useProductStats();
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<ProductListItem | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useDeleteProduct();
  const controlsRef = useRef<HTMLDivElement>(null);
  const layout = useLayoutWidth();

  const list = loaded ?? [];
  const arranged = useMemo(
    () =>
      arrangeProducts(
        filterProducts(loaded ?? [], query),
        { sort: view.sort, status: view.status },
        language,
      ),
    [loaded, query, view.sort, view.status, language],
  );
  const shown = pageOf(arranged, view.page);
  const open = (product: ProductListItem) => navigate(paths.productDetail.href(product.id));

  const confirmDelete = async () => {
    const product = toDelete;
    setToDelete(null);
    if (!product) return;
    setActionError(null);
    try {
      await remove.mutateAsync(product.id);
      toast.success(t('products.list.deleteSuccess'));
    } catch (error) {
      setActionError(errorMessage(t, error, t('products.edit.deleteFailed')));
    }
  };

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title={t('products.list.title')} subtitle={t('products.list.subtitle')}>
        <Button asChild>
          <Link to={paths.productCreate.href()} data-testid="create-product">
            <PlusIcon aria-hidden="true" />
            {t('products.list.create')}
          </Link>
        </Button>
      </PageHeader>

      <ProductCounters
        totalProducts={stats.data?.totalProducts ?? loaded?.length}
        activeProducts={
          stats.data?.activeProducts ??
          loaded?.filter((product) => product.status === 'active').length
        }
        totalFiles={loaded?.reduce((sum, product) => sum + product.file_count, 0)}
      />

      {products.isError ? (
        <ErrorAlert data-testid="products-error">
          {errorMessage(t, products.error, t('error.loadFailed'))}
        </ErrorAlert>
      ) : null}
      {actionError ? (
        <ErrorAlert data-testid="products-action-error">{actionError}</ErrorAlert>
      ) : null}

      {loaded === undefined && !products.isError ? <ProductListSkeleton /> : null}

      {loaded && list.length > 0 ? (
        <ProductListControls
          ref={controlsRef}
          query={query}
          onQueryChange={setQuery}
          view={view}
          onViewChange={onViewChange}
        />
      ) : null}

      {loaded && list.length === 0 ? <ProductListEmpty /> : null}

      {loaded && list.length > 0 && arranged.length === 0 ? (
        <ProductSearchEmpty query={query} />
      ) : null}

      {shown.rows.length > 0 ? (
        <>
          {layout !== 'narrow' ? (
            <ProductTable products={shown.rows} onOpen={open} onDelete={setToDelete} />
          ) : null}
          {layout !== 'wide' ? (
            <ProductCards products={shown.rows} onOpen={open} onDelete={setToDelete} />
          ) : null}
          <Pagination
            page={shown.page}
            totalPages={shown.pages}
            from={(shown.page - 1) * productsPerPage + 1}
            to={Math.min(arranged.length, shown.page * productsPerPage)}
            total={arranged.length}
            onPageChange={(page) => {
              onViewChange({ page });
              controlsRef.current?.scrollIntoView?.({ block: 'start' });
            }}
            texts={{
              label: t('products.list.pagination'),
              showing: (range) => t('products.list.showing', range),
              page: (page, pages) => t('products.list.page', { page, pages }),
              previous: t('products.list.previous'),
              next: t('products.list.next'),
            }}
            testIds={{
              nav: 'products-pagination',
              page: 'products-page',
              previous: 'products-previous',
              next: 'products-next',
            }}
          />
        </>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={t('products.list.deleteTitle')}
        description={t('products.list.deleteDescription', { title: toDelete?.title ?? '' })}
        confirmLabel={t('products.list.deleteConfirm')}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
