import { limits, type SalesPeriod, salesPeriods } from '@seller/contract/limits';

export const defaultPeriod: SalesPeriod = 'all';

export function isSalesPeriod(value: string | null | undefined): value is SalesPeriod {
  return (salesPeriods as readonly string[]).includes(value ?? '');
}

/** The `period` query parameter: one of all|today|week|month; anything else means all. */
export function parsePeriod(value: string | null | undefined): SalesPeriod {
  return isSalesPeriod(value) ? value : defaultPeriod;
}

/**
 * The `day` query parameter (a sale mail links to its day): a real date written `YYYY-MM-DD`,
 * or null for anything else.
 */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** The query string without a day: back to the period's list, on its first page. */
export function withoutDay(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('day');
  next.delete('page');
  return next;
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
  next.delete('day');
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
