import {
  type Discount,
  type DiscountStatus,
  discountStatuses,
} from '@seller/contract/discounts/discount';
import { PlusIcon } from 'lucide-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardFacts, CardList, CardListItem } from '@/components/card-list';
import { DataTable } from '@/components/data-table';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-messages';
import { formatCount, formatKrwAmount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useLayoutWidth } from '@/lib/use-layout-width';
import { useDiscounts } from '../api/list-discounts';
import { discountValue } from '../lib/discount-price';
import { BulkCodesForm } from './bulk-codes-form';
import { DiscountActions } from './discount-actions';
import { DiscountStatusBadge } from './discount-status-badge';

/** The list's filter: the codes in use (every one but the archived), or one status. */
export type DiscountFilter = DiscountStatus | 'current';
export const discountFilters: readonly DiscountFilter[] = ['current', ...discountStatuses];

/**
 * The seller's codes of one status, with their uses, revenue and discount given: a table on
 * wide screens, cards on phones; each row's actions (edit, single-use codes, export, archive).
 */
export function DiscountsList({
  filter,
  page,
  onFilterChange,
  onPageChange,
}: {
  filter: DiscountFilter;
  page: number;
  onFilterChange: (filter: DiscountFilter) => void;
  onPageChange: (page: number) => void;
}) {
  const layout = useLayoutWidth();
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const list = useDiscounts(filter === 'current' ? undefined : filter, page);
  const [bulkFor, setBulkFor] = useState<string | null>(null);
  const rows = list.data?.discounts ?? [];
  const won = (amount: number) => formatKrwAmount(amount, language);
  const placeholders = {
    loading: { text: t('discounts.list.loading'), testId: 'discounts-loading' },
    empty: { text: t('discounts.list.empty'), testId: 'discounts-empty' },
  };
  const uses = (discount: Discount) =>
    discount.maxUses === null
      ? formatCount(discount.uses)
      : `${formatCount(discount.uses)} / ${formatCount(discount.maxUses)}`;
  const period = (discount: Discount) =>
    [discount.startsAt, discount.endsAt]
      .map((at) => (at ? formatDateTime(at, language) : '—'))
      .join(' – ');
  const actions = (discount: Discount) => (
    <DiscountActions
      discount={discount}
      onBulkCodes={() => setBulkFor((current) => (current === discount.id ? null : discount.id))}
    />
  );
  const bulkForm = (discount: Discount) =>
    bulkFor === discount.id ? (
      <BulkCodesForm discountId={discount.id} onDone={() => setBulkFor(null)} />
    ) : null;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={filter} onValueChange={(value) => onFilterChange(value as DiscountFilter)}>
          <TabsList className="h-auto flex-wrap" aria-label={t('discounts.list.filterLabel')}>
            {discountFilters.map((value) => (
              <TabsTrigger key={value} value={value} data-testid={`discount-filter-${value}`}>
                {t(`discounts.filter.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
        <Button asChild>
          <Link to={paths.discountCreate.href()} data-testid="new-discount">
            <PlusIcon aria-hidden="true" />
            {t('discounts.list.create')}
          </Link>
        </Button>
      </div>

      {list.isError ? (
        <Alert variant="destructive" data-testid="discounts-error">
          <AlertDescription>
            {errorMessage(t, list.error, t('discounts.list.loadFailed'))}
          </AlertDescription>
        </Alert>
      ) : (
        <>
          {layout !== 'narrow' ? (
            <div className="hidden rounded-lg border md:block">
              <DataTable
                data-testid="discounts-table"
                columns={[
                  { id: 'code', header: t('discounts.fields.code') },
                  { id: 'value', header: t('discounts.fields.value') },
                  { id: 'status', header: t('discounts.fields.status') },
                  { id: 'uses', header: t('discounts.fields.uses'), className: 'text-right' },
                  { id: 'revenue', header: t('discounts.fields.revenue'), className: 'text-right' },
                  {
                    id: 'given',
                    header: t('discounts.fields.discountGiven'),
                    className: 'text-right',
                  },
                  { id: 'actions', header: t('discounts.fields.actions') },
                ]}
                loading={list.isPending}
                rowCount={rows.length}
                placeholders={placeholders}
              >
                {rows.map((discount) => (
                  <Fragment key={discount.id}>
                    <TableRow data-testid="discount-row">
                      <TableCell className="font-mono font-medium">
                        {discount.code}
                        <span className="block text-xs font-sans text-muted-foreground">
                          {period(discount)}
                        </span>
                      </TableCell>
                      <TableCell>{discountValue(discount, won)}</TableCell>
                      <TableCell>
                        <DiscountStatusBadge status={discount.status} />
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{uses(discount)}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {won(discount.revenue)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {won(discount.discountGiven)}
                      </TableCell>
                      <TableCell>{actions(discount)}</TableCell>
                    </TableRow>
                    {bulkFor === discount.id ? (
                      <TableRow>
                        <TableCell colSpan={7}>{bulkForm(discount)}</TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                ))}
              </DataTable>
            </div>
          ) : null}

          {layout !== 'wide' ? (
            <div className="md:hidden" data-testid="discounts-cards">
              <CardList loading={list.isPending} rowCount={rows.length} placeholders={placeholders}>
                {rows.map((discount) => (
                  <CardListItem key={discount.id} data-testid="discount-card">
                    <div className="flex items-start justify-between gap-3">
                      <span className="font-mono font-semibold break-all">{discount.code}</span>
                      <DiscountStatusBadge status={discount.status} />
                    </div>
                    <CardFacts
                      facts={[
                        { label: t('discounts.fields.value'), value: discountValue(discount, won) },
                        {
                          label: t('discounts.fields.uses'),
                          value: uses(discount),
                          className: 'tabular-nums',
                        },
                        {
                          label: t('discounts.fields.revenue'),
                          value: won(discount.revenue),
                          className: 'tabular-nums',
                        },
                        {
                          label: t('discounts.fields.discountGiven'),
                          value: won(discount.discountGiven),
                          className: 'tabular-nums',
                        },
                        { label: t('discounts.fields.period'), value: period(discount) },
                      ]}
                    />
                    {actions(discount)}
                    {bulkForm(discount)}
                  </CardListItem>
                ))}
              </CardList>
            </div>
          ) : null}
        </>
      )}

      {list.data && list.data.pagination.totalPages > 1 ? (
        <div className="flex items-center justify-end gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            {t('discounts.list.previous')}
          </Button>
          <span className="text-sm tabular-nums">
            {page} / {list.data.pagination.totalPages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= list.data.pagination.totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            {t('discounts.list.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
