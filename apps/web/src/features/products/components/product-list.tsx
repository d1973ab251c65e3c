import type { Product } from '@seller/contract/products/product';
import {
  EyeIcon,
  FilesIcon,
  PackageIcon,
  PackageOpenIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  SearchXIcon,
  Trash2Icon,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatMoney, formatRelativeTime } from '@/lib/format';
import { useDeleteProduct } from '../api/delete-product';
import { useMyProducts } from '../api/get-my-products';
import { useProductStats } from '../api/get-product-stats';
import { filterProducts } from '../lib/product-search';
import { ConfirmDialog } from './confirm-dialog';
import { ProductThumbnail } from './product-thumbnail';
import { StatusBadge } from './status-badge';

function Counter({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: number | undefined;
  icon: typeof PackageIcon;
  testId: string;
}) {
  return (
    <Card className="gap-2 py-4">
      <CardContent className="flex items-center gap-3 px-4">
        <div className="flex size-10 items-center justify-center rounded-md bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="grid">
          <span className="text-sm text-muted-foreground">{label}</span>
          <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
            {value ?? '…'}
          </span>
        </div>
      </CardContent>
    </Card>
  );
}

function RowActions({ product, onDelete }: { product: Product; onDelete: () => void }) {
  const { t } = useTranslation();
  // The row itself opens the product; its action buttons must not.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <div className="flex items-center justify-end gap-1">
      {[
        { to: paths.productDetail.href(product.id), label: t('products.list.view'), Icon: EyeIcon },
        {
          to: paths.productEdit.href(product.id),
          label: t('products.list.edit'),
          Icon: PencilIcon,
          testId: 'edit-product-link',
        },
      ].map(({ to, label, Icon, testId }) => (
        <Button key={to} variant="ghost" size="icon" className="size-8" asChild>
          <Link
            to={to}
            aria-label={`${label}: ${product.title}`}
            title={label}
            onClick={stop}
            data-testid={testId}
          >
            <Icon aria-hidden="true" />
          </Link>
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label={`${t('products.list.delete')}: ${product.title}`}
        title={t('products.list.delete')}
        onClick={(event) => {
          stop(event);
          onDelete();
        }}
        data-testid="delete-product"
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The product's title, linking to its page; the row or card around it must not open it too. */
function TitleLink({ product, className }: { product: Product; className: string }) {
  return (
    <Link
      to={paths.productDetail.href(product.id)}
      className={className}
      onClick={(event) => event.stopPropagation()}
    >
      {product.title}
    </Link>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3" data-testid="products-skeleton">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4 rounded-lg border p-3">
          <Skeleton className="size-12 rounded-md" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
          <Skeleton className="h-6 w-16" />
        </div>
      ))}
    </div>
  );
}

/** /products: counters, search, table (desktop) or cards (mobile), per-row actions. */
export function ProductList() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const navigate = useNavigate();
  const products = useMyProducts();
  const stats = useProductStats();
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useDeleteProduct();

  const list = products.data ?? [];
  const shown = useMemo(() => filterProducts(list, query), [list, query]);
  const totalFiles = products.data?.reduce((sum, product) => sum + product.file_count, 0);
  const open = (product: Product) => navigate(paths.productDetail.href(product.id));

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
    <div className="grid gap-6">
      <PageHeader title={t('products.list.title')} subtitle={t('products.list.subtitle')}>
        <Button asChild>
          <Link to={paths.productCreate.href()} data-testid="create-product">
            <PlusIcon aria-hidden="true" />
            {t('products.list.create')}
          </Link>
        </Button>
      </PageHeader>

      <div className="grid gap-4 sm:grid-cols-3">
        <Counter
          label={t('products.list.totalProducts')}
          value={stats.data?.totalProducts ?? products.data?.length}
          icon={PackageIcon}
          testId="count-total"
        />
        <Counter
          label={t('products.list.activeProducts')}
          value={
            stats.data?.activeProducts ??
            products.data?.filter((product) => product.status === 'active').length
          }
          icon={PackageOpenIcon}
          testId="count-active"
        />
        <Counter
          label={t('products.list.totalFiles')}
          value={totalFiles}
          icon={FilesIcon}
          testId="count-files"
        />
      </div>

      {products.isError ? (
        <ErrorAlert data-testid="products-error">
          {errorMessage(t, products.error, t('error.loadFailed'))}
        </ErrorAlert>
      ) : null}
      {actionError ? (
        <ErrorAlert data-testid="products-action-error">{actionError}</ErrorAlert>
      ) : null}

      {products.isPending ? <ListSkeleton /> : null}

      {products.data && list.length > 0 ? (
        <div className="relative max-w-md">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            className="pl-9"
            aria-label={t('products.list.searchLabel')}
            placeholder={t('products.list.searchPlaceholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="product-search"
          />
        </div>
      ) : null}

      {products.data && list.length === 0 ? (
        <Card className="items-center py-12 text-center" data-testid="products-empty">
          <PackageIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1 px-6">
            <h2 className="text-lg font-semibold">{t('products.list.emptyTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('products.list.emptyDescription')}</p>
          </div>
          <Button asChild>
            <Link to={paths.productCreate.href()}>
              <PlusIcon aria-hidden="true" />
              {t('products.list.create')}
            </Link>
          </Button>
        </Card>
      ) : null}

      {products.data && list.length > 0 && shown.length === 0 ? (
        <Card className="items-center py-12 text-center" data-testid="products-no-results">
          <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1 px-6">
            <h2 className="text-lg font-semibold">{t('products.list.noResultsTitle')}</h2>
            <p className="text-sm text-muted-foreground">
              {t('products.list.noResultsDescription', { query })}
            </p>
          </div>
        </Card>
      ) : null}

      {shown.length > 0 ? (
        <>
          <Card className="hidden py-0 md:flex" data-testid="products-table">
            <DataTable
              headerRowClassName="hover:bg-transparent"
              columns={[
                {
                  id: 'thumbnail',
                  header: <span className="sr-only">{t('products.list.thumbnail')}</span>,
                  className: 'w-16',
                },
                { id: 'title', header: t('products.list.productTitle') },
                { id: 'price', header: t('products.list.price') },
                { id: 'files', header: t('products.list.files') },
                { id: 'status', header: t('products.list.status') },
                { id: 'created', header: t('products.list.created') },
                { id: 'actions', header: t('products.list.actions'), className: 'text-right' },
              ]}
              rowCount={shown.length}
            >
              {shown.map((product) => (
                <TableRow
                  key={product.id}
                  className="cursor-pointer"
                  onClick={() => open(product)}
                  data-testid="product-row"
                >
                  <TableCell>
                    <ProductThumbnail url={product.thumbnail_url} alt="" className="size-12" />
                  </TableCell>
                  <TableCell className="max-w-xs whitespace-normal">
                    <TitleLink product={product} className="font-medium hover:underline" />
                    <p className="line-clamp-1 text-xs text-muted-foreground">
                      {product.description || t('products.list.noDescription')}
                    </p>
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {formatMoney(product.price, 'USD', language)}
                  </TableCell>
                  <TableCell className="tabular-nums">{product.file_count}</TableCell>
                  <TableCell>
                    <StatusBadge status={product.status} />
                  </TableCell>
                  <TableCell className="text-muted-foreground">
                    {formatRelativeTime(product.created_at, language)}
                  </TableCell>
                  <TableCell>
                    <RowActions product={product} onDelete={() => setToDelete(product)} />
                  </TableCell>
                </TableRow>
              ))}
            </DataTable>
          </Card>

          <ul className="grid gap-3 md:hidden" data-testid="products-cards">
            {shown.map((product) => (
              <li key={product.id}>
                <Card
                  className="cursor-pointer gap-3 py-4"
                  onClick={() => open(product)}
                  data-testid="product-card"
                >
                  <CardContent className="flex gap-3 px-4">
                    <ProductThumbnail url={product.thumbnail_url} alt="" className="size-16" />
                    <div className="grid min-w-0 flex-1 gap-1">
                      <div className="flex items-start justify-between gap-2">
                        <TitleLink product={product} className="truncate font-medium" />
                        <StatusBadge status={product.status} />
                      </div>
                      <p className="line-clamp-2 text-xs text-muted-foreground">
                        {product.description || t('products.list.noDescription')}
                      </p>
                      <p className="flex flex-wrap gap-x-3 text-sm">
                        <span className="font-medium tabular-nums">
                          {formatMoney(product.price, 'USD', language)}
                        </span>
                        <span className="text-muted-foreground">
                          {t('products.list.fileCount', { count: product.file_count })}
                        </span>
                        <span className="text-muted-foreground">
                          {formatRelativeTime(product.created_at, language)}
                        </span>
                      </p>
                    </div>
                  </CardContent>
                  <div className="px-4">
                    <RowActions product={product} onDelete={() => setToDelete(product)} />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
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
