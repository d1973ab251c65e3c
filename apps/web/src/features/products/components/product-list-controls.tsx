import { SearchIcon } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import {
  type ProductListView,
  type ProductSort,
  type ProductStatusFilter,
  productSorts,
  productStatusFilters,
} from '../lib/product-list-params';

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

/**
 * The product list's search, sort and status filter. A new search goes back to the first
 * page; the pagination scrolls back up to these controls (`ref`).
 */
export function ProductListControls({
  ref,
  query,
  onQueryChange,
  view,
  onViewChange,
}: {
  ref: Ref<HTMLDivElement>;
  query: string;
  onQueryChange: (query: string) => void;
  view: ProductListView;
  onViewChange: (change: Partial<ProductListView>) => void;
}) {
  const { t } = useTranslation();
  const sortOptions = productSorts.map((sort: ProductSort) => ({
    value: sort,
    label: t(`products.list.sort.${sort}`),
  }));
  const statusOptions = productStatusFilters.map((status: ProductStatusFilter) => ({
    value: status,
    label: status === 'all' ? t('products.list.allStatuses') : t(`products.status.${status}`),
  }));
  return (
    <div
      ref={ref}
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
              onQueryChange(event.target.value);
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
  );
}
