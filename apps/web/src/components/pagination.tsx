import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { cn } from '@/lib/class-names';
import { formatCount } from '@/lib/format';
import { Button } from './ui/button';

/** The words of a list's pagination, in its screen's texts. */
export interface PaginationTexts {
  /** The navigation's accessible name. */
  label: string;
  /** 'Showing from–to of total', given the numbers formatted for the seller's language. */
  showing: (range: { from: string; to: string; total: string }) => string;
  /** 'page / totalPages'. */
  page: (page: number, totalPages: number) => string;
  previous: string;
  next: string;
}

/** Where a list's tests and browser tests find the parts of its pagination. */
export interface PaginationTestIds {
  nav: string;
  summary?: string;
  page: string;
  previous?: string;
  next?: string;
}

/**
 * A list's pagination: 'Showing from–to of total', previous and next, and 'page / totalPages';
 * nothing when everything fits on one page. Model: the sales transactions and the product list.
 */
export function Pagination({
  page,
  totalPages,
  from,
  to,
  total,
  onPageChange,
  texts,
  testIds,
  className,
}: {
  page: number;
  totalPages: number;
  /** 1-based positions of the first and last rows shown, out of `total`. */
  from: number;
  to: number;
  total: number;
  onPageChange: (page: number) => void;
  texts: PaginationTexts;
  testIds: PaginationTestIds;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav
      aria-label={texts.label}
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
      data-testid={testIds.nav}
    >
      <p className="text-sm text-muted-foreground" data-testid={testIds.summary}>
        {texts.showing({
          from: formatCount(from),
          to: formatCount(to),
          total: formatCount(total),
        })}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
          data-testid={testIds.previous}
        >
          <ChevronLeftIcon aria-hidden="true" />
          {texts.previous}
        </Button>
        <span className="min-w-16 text-center text-sm tabular-nums" data-testid={testIds.page}>
          {texts.page(page, totalPages)}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
          data-testid={testIds.next}
        >
          {texts.next}
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
