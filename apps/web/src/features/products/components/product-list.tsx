import type { ProductListItem } from '@seller/contract/products/list-my-products';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
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
import { type ReactNode, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount, formatMoney, formatRelativeTime } from '@/lib/format';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useDeleteProduct } from '../api/delete-product';
import { useMyProducts } from '../api/get-my-products';
import { useProductStats } from '../api/get-product-stats';
import {
  arrangeProducts,
  type ProductListView,
  type ProductSort,
  type ProductStatusFilter,
  pageOf,
  productSorts,
  productStatusFilters,
  productsPerPage,
} from '../lib/product-list-params';
import { filterProducts } from '../lib/product-search';
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

function RowActions({ product, onDelete }: { product: ProductListItem; onDelete: () => void }) {
  const { t } = useTranslation();
  // The row itself opens the product; its action buttons must not.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
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

/**
 * The product's title, linking to its page; the row or card around it must not open it too.
 * Cut after two lines (a 200-character title on a phone), whole on hover and on its page.
 */
function TitleLink({ product, className }: { product: ProductListItem; className?: string }) {
  return (
    <Link
      to={paths.productDetail.href(product.id)}
      title={product.title}
      className={cn('line-clamp-2 min-w-0 font-medium wrap-anywhere hover:underline', className)}
      onClick={(event) => event.stopPropagation()}
      data-testid="product-title-link"
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

/** A labelled native select: light, and the phone's own picker on touch screens. */
function ViewSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** One figure of a product card: its label over its value. */
function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Pagination({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  if (pages <= 1) return null;
  const from = (page - 1) * productsPerPage + 1;
  const to = Math.min(total, page * productsPerPage);
  return (
    <nav
      aria-label={t('products.list.pagination')}
      className="flex flex-wrap items-center justify-between gap-3"
      data-testid="products-pagination"
    >
      <p className="text-sm text-muted-foreground">
        {t('products.list.showing', {
          from: formatCount(from, language),
          to: formatCount(to, language),
          total: formatCount(total, language),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
          data-testid="products-previous"
        >
          <ChevronLeftIcon aria-hidden="true" />
          {t('products.list.previous')}
        </Button>
        <span className="min-w-16 text-center text-sm tabular-nums" data-testid="products-page">
          {t('products.list.page', { page, pages })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          data-testid="products-next"
        >
          {t('products.list.next')}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

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
  // The rows render in the background once the list arrives (a transition, which React cuts
  // into short slices): a page of products would otherwise be one long task on a slow phone,
  // holding every tap until it ends. The skeleton stays until then.
  const loaded = useDeferredValue(products.data);
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
  const totalFiles = loaded?.reduce((sum, product) => sum + product.file_count, 0);
  const open = (product: ProductListItem) => navigate(paths.productDetail.href(product.id));
  const usd = (product: ProductListItem) => formatMoney(product.price, 'USD', language);
  const krw = (product: ProductListItem) => formatKrwAmount(product.revenue, language);

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

  const sortOptions = productSorts.map((sort: ProductSort) => ({
    value: sort,
    label: t(`products.list.sort.${sort}`),
  }));
  const statusOptions = productStatusFilters.map((status: ProductStatusFilter) => ({
    value: status,
    label: status === 'all' ? t('products.list.allStatuses') : t(`products.status.${status}`),
  }));
  const headerCell = (label: string, unit?: string): ReactNode =>
    unit ? (
      <span className="grid leading-tight">
        {label}
        <span className="text-xs font-normal text-muted-foreground">{unit}</span>
      </span>
    ) : (
      label
    );

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

      <div className="grid gap-4 sm:grid-cols-3">
        <Counter
          label={t('products.list.totalProducts')}
          value={stats.data?.totalProducts ?? loaded?.length}
          icon={PackageIcon}
          testId="count-total"
        />
        <Counter
          label={t('products.list.activeProducts')}
          value={
            stats.data?.activeProducts ??
            loaded?.filter((product) => product.status === 'active').length
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

      {loaded === undefined && !products.isError ? <ListSkeleton /> : null}

      {loaded && list.length > 0 ? (
        <div
          ref={controlsRef}
          className="grid scroll-mt-24 gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
        >
          <div className="grid gap-1">
            <span className="hidden text-xs sm:block" aria-hidden="true">
              &nbsp;
            </span>
            <div className="relative w-full sm:max-w-md">
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
                onChange={(event) => {
                  setQuery(event.target.value);
                  if (view.page !== 1) onViewChange({ page: 1 });
                }}
                data-testid="product-search"
              />
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:contents">
            <ViewSelect
              label={t('products.list.sortLabel')}
              value={view.sort}
              options={sortOptions}
              onChange={(sort) => onViewChange({ sort })}
              testId="product-sort"
            />
            <ViewSelect
              label={t('products.list.statusLabel')}
              value={view.status}
              options={statusOptions}
              onChange={(status) => onViewChange({ status })}
              testId="product-status-filter"
            />
          </div>
        </div>
      ) : null}

      {loaded && list.length === 0 ? (
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

      {loaded && list.length > 0 && arranged.length === 0 ? (
        <Card className="items-center py-12 text-center" data-testid="products-no-results">
          <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1 px-6">
            <h2 className="text-lg font-semibold">{t('products.list.noResultsTitle')}</h2>
            <p className="text-sm wrap-anywhere text-muted-foreground">
              {query
                ? t('products.list.noResultsDescription', { query })
                : t('products.list.noStatusResults')}
            </p>
          </div>
        </Card>
      ) : null}

      {shown.rows.length > 0 ? (
        <>
          {layout !== 'narrow' ? (
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
                  {
                    id: 'price',
                    header: headerCell(t('products.list.price'), t('products.list.inUsd')),
                  },
                  { id: 'status', header: t('products.list.status') },
                  {
                    id: 'sales',
                    header: t('products.list.sales'),
                    className: 'text-right',
                  },
                  {
                    id: 'revenue',
                    header: headerCell(t('products.list.revenue'), t('products.list.inKrw')),
                    className: 'text-right',
                  },
                  {
                    id: 'views',
                    header: t('products.list.views'),
                    className: 'hidden text-right lg:table-cell',
                  },
                  {
                    id: 'created',
                    header: t('products.list.created'),
                    className: 'hidden xl:table-cell',
                  },
                  { id: 'actions', header: t('products.list.actions'), className: 'text-right' },
                ]}
                rowCount={shown.rows.length}
              >
                {shown.rows.map((product) => (
                  <TableRow
                    key={product.id}
                    className="cursor-pointer"
                    onClick={() => open(product)}
                    data-testid="product-row"
                  >
                    <TableCell>
                      <ProductThumbnail url={product.thumbnail_url} alt="" className="size-12" />
                    </TableCell>
                    <TableCell className="max-w-xs min-w-40 whitespace-normal">
                      <TitleLink product={product} />
                      <p className="line-clamp-1 text-xs wrap-anywhere text-muted-foreground">
                        {product.description || t('products.list.noDescription')}
                      </p>
                    </TableCell>
                    <TableCell className="tabular-nums" data-testid="product-price">
                      {usd(product)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={product.status} />
                    </TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="product-sales">
                      {formatCount(product.sales_count, language)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="product-revenue">
                      {krw(product)}
                    </TableCell>
                    <TableCell
                      className="hidden text-right tabular-nums lg:table-cell"
                      data-testid="product-views"
                    >
                      {formatCount(product.view_count, language)}
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground xl:table-cell">
                      {formatRelativeTime(product.created_at, language)}
                    </TableCell>
                    <TableCell>
                      <RowActions product={product} onDelete={() => setToDelete(product)} />
                    </TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </Card>
          ) : null}

          {layout !== 'wide' ? (
            <ul className="grid min-w-0 gap-3 md:hidden" data-testid="products-cards">
              {shown.rows.map((product) => (
                <li key={product.id} className="min-w-0">
                  <Card
                    className="cursor-pointer gap-3 py-4"
                    onClick={() => open(product)}
                    data-testid="product-card"
                  >
                    <CardContent className="flex min-w-0 gap-3 px-4">
                      <ProductThumbnail url={product.thumbnail_url} alt="" className="size-16" />
                      <div className="grid min-w-0 flex-1 content-start gap-1">
                        <div className="flex min-w-0 items-start justify-between gap-2">
                          <TitleLink product={product} className="flex-1" />
                          <StatusBadge status={product.status} />
                        </div>
                        <p className="line-clamp-2 text-xs wrap-anywhere text-muted-foreground">
                          {product.description || t('products.list.noDescription')}
                        </p>
                      </div>
                    </CardContent>
                    <CardContent className="px-4">
                      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 min-[400px]:grid-cols-4">
                        <Figure
                          label={t('products.list.priceUsd')}
                          value={usd(product)}
                          testId="product-price"
                        />
                        <Figure
                          label={t('products.list.revenueKrw')}
                          value={krw(product)}
                          testId="product-revenue"
                        />
                        <Figure
                          label={t('products.list.sales')}
                          value={formatCount(product.sales_count, language)}
                          testId="product-sales"
                        />
                        <Figure
                          label={t('products.list.views')}
                          value={formatCount(product.view_count, language)}
                          testId="product-views"
                        />
                      </dl>
                    </CardContent>
                    <div className="flex min-w-0 items-center justify-between gap-2 px-4">
                      <span className="truncate text-xs text-muted-foreground">
                        {t('products.list.fileCount', { count: product.file_count })} ·{' '}
                        {formatRelativeTime(product.created_at, language)}
                      </span>
                      <RowActions product={product} onDelete={() => setToDelete(product)} />
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          ) : null}

          <Pagination
            page={shown.page}
            pages={shown.pages}
            total={arranged.length}
            onPage={(page) => {
              onViewChange({ page });
              controlsRef.current?.scrollIntoView?.({ block: 'start' });
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
