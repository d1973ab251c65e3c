import { limits, type SalesPeriod, salesPeriods } from '@seller/contract/limits';

export const defaultPeriod: SalesPeriod = 'all';

export function isSalesPeriod(value: string | null | undefined): value is SalesPeriod {
  return (salesPeriods as readonly string[]).includes(value ?? '');
}

/** The `period` query parameter: one of all|today|week|month; anything else means all. */
export function parsePeriod(value: string | null | undefined): SalesPeriod {
  return isSalesPeriod(value) ? value : defaultPeriod;
}

/** The `page` query parameter: a whole number from 1; anything else means the first page. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return limits.transactions.defaultPage;
  const page = Number(value.trim());
  return page >= 1 ? page : limits.transactions.defaultPage;
}

/**
 * The query string after choosing a period: the period is kept and the page goes back to the
 * first one; other parameters stay.
 */
export function withPeriod(search: URLSearchParams, period: SalesPeriod): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('period', period);
  next.delete('page');
  return next;
}

/** The query string after moving to `page` (the first page leaves the parameter out). */
export function withPage(search: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(search);
  if (page <= limits.transactions.defaultPage) next.delete('page');
  else next.set('page', String(page));
  return next;
}
