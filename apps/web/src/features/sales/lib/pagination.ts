import type { Pagination } from '@seller/contract/sales/get-transactions';

export interface PageSummary {
  /** 1-based position of the first row shown; 0 when the page is empty. */
  from: number;
  /** Position of the last row shown; 0 when the page is empty. */
  to: number;
  total: number;
  page: number;
  totalPages: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Pagination controls show only when there is more than one page. */
  visible: boolean;
}

/** 'Showing from–to of total' and the previous/next state of a page of transactions. */
export function summarizePage({ total, page, limit, totalPages }: Pagination): PageSummary {
  const first = (page - 1) * limit + 1;
  const empty = total <= 0 || limit <= 0 || first > total;
  return {
    from: empty ? 0 : first,
    to: empty ? 0 : Math.min(page * limit, total),
    total,
    page,
    totalPages,
    hasPrevious: page > 1,
    hasNext: page < totalPages,
    visible: totalPages > 1,
  };
}
