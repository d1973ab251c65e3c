import type { Pagination } from '@seller/contract/sales/get-transactions';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

/**
 * 'Showing from–to of total', previous/next and 'page / totalPages' of one list of the payouts
 * screen (`label` names which); nothing when everything fits on one page.
 */
export function PayoutsPagination({
  pagination,
  label,
  testId,
  onPageChange,
}: {
  pagination: Pagination;
  label: string;
  testId: string;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { page, limit, total, totalPages } = pagination;
  if (totalPages <= 1) return null;
  const language = i18n.resolvedLanguage;
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 print:hidden"
      data-testid={testId}
    >
      <p className="text-sm text-muted-foreground" data-testid={`${testId}-summary`}>
        {t('payouts.pagination.showing', {
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
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {t('payouts.pagination.previous')}
        </Button>
        <span className="min-w-16 text-center text-sm tabular-nums" data-testid={`${testId}-page`}>
          {t('payouts.pagination.page', { page, totalPages })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          {t('payouts.pagination.next')}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
