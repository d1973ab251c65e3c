import type { Pagination as PageInfo } from '@seller/contract/sales/get-transactions';
import { useTranslation } from 'react-i18next';
import { Pagination } from '@/components/pagination';

/**
 * The shared pagination with the payouts screen's texts, for one of its lists (`label` names
 * which); nothing when everything fits on one page. Hidden in print.
 */
export function PayoutsPagination({
  pagination,
  label,
  testId,
  onPageChange,
}: {
  pagination: PageInfo;
  label: string;
  testId: string;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { page, limit, total, totalPages } = pagination;
  return (
    <Pagination
      page={page}
      totalPages={totalPages}
      from={Math.min((page - 1) * limit + 1, total)}
      to={Math.min(page * limit, total)}
      total={total}
      onPageChange={onPageChange}
      className="print:hidden"
      texts={{
        label,
        showing: (range) => t('payouts.pagination.showing', range),
        page: (current, pages) =>
          t('payouts.pagination.page', { page: current, totalPages: pages }),
        previous: t('payouts.pagination.previous'),
        next: t('payouts.pagination.next'),
      }}
      testIds={{ nav: testId, summary: `${testId}-summary`, page: `${testId}-page` }}
    />
  );
}
