import type { Pagination as PageOfTransactions } from '@seller/contract/sales/get-transactions';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';
import { summarizePage } from '../lib/pagination';

/** The transactions' pagination ('Showing from–to of total', previous/next); only for 2+ pages. */
export function TransactionsPagination({
  pagination,
  onPageChange,
}: {
  pagination: PageOfTransactions;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const summary = summarizePage(pagination);
  if (!summary.visible) return null;
  return (
    <Pagination
      page={summary.page}
      totalPages={summary.totalPages}
      from={summary.from}
      to={summary.to}
      total={summary.total}
      onPageChange={onPageChange}
      className="pt-4"
      texts={{
        label: t('sales.pagination.label'),
        showing: (range) => t('sales.pagination.showing', range),
        page: (page, totalPages) => t('sales.pagination.page', { page, totalPages }),
        previous: t('sales.pagination.previous'),
        next: t('sales.pagination.next'),
      }}
      testIds={{ nav: 'pagination', summary: 'pagination-summary', page: 'pagination-page' }}
    />
  );
}
