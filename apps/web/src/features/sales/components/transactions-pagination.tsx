import type { Pagination } from '@seller/contract/sales/get-transactions';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { summarizePage } from '../lib/pagination';

/** 'Showing from–to of total', previous/next and 'page / totalPages'; only for 2+ pages. */
export function TransactionsPagination({
  pagination,
  onPageChange,
}: {
  pagination: Pagination;
  onPageChange: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const summary = summarizePage(pagination);
  if (!summary.visible) return null;
  const language = i18n.resolvedLanguage;
  return (
    <nav
      aria-label={t('sales.pagination.label')}
      className="flex flex-wrap items-center justify-between gap-3 pt-4"
      data-testid="pagination"
    >
      <p className="text-sm text-muted-foreground" data-testid="pagination-summary">
        {t('sales.pagination.showing', {
          from: formatCount(summary.from, language),
          to: formatCount(summary.to, language),
          total: formatCount(summary.total, language),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!summary.hasPrevious}
          onClick={() => onPageChange(summary.page - 1)}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {t('sales.pagination.previous')}
        </Button>
        <span className="min-w-16 text-center text-sm tabular-nums" data-testid="pagination-page">
          {t('sales.pagination.page', { page: summary.page, totalPages: summary.totalPages })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={!summary.hasNext}
          onClick={() => onPageChange(summary.page + 1)}
        >
          {t('sales.pagination.next')}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
