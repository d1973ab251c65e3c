/*
 * The payouts screen keeps its view in the URL query, so that a reload or a shared link opens
 * the same view: `from` and `to` (local days, `YYYY-MM-DD`) filter the ledger, `ledgerPage`
 * and `payoutsPage` are the pages of the ledger and of the payout history.
 */

/** A real date written `YYYY-MM-DD`, or null for anything else. */
export function parseDay(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** A page number: a whole number from 1; anything else means the first page. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return Math.max(page, 1);
}

export interface LedgerRange {
  from: string | null;
  to: string | null;
}

/** The ledger's period as the URL holds it. */
export function parseRange(search: URLSearchParams): LedgerRange {
  return { from: parseDay(search.get('from')), to: parseDay(search.get('to')) };
}

/** A start after the end selects nothing: the screen says so instead of asking the server. */
export function isRangeValid({ from, to }: LedgerRange): boolean {
  return !from || !to || from <= to;
}

export type PageParameter = 'ledgerPage' | 'payoutsPage';

/** The query string after moving a list to `page` (the first page leaves the parameter out). */
export function withPage(
  search: URLSearchParams,
  parameter: PageParameter,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete(parameter);
  else next.set(parameter, String(page));
  return next;
}

/**
 * The query string after choosing the ledger's period: empty ends are left out, and the ledger
 * goes back to its first page (the payout history keeps its page).
 */
export function withRange(search: URLSearchParams, range: LedgerRange): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ['from', 'to'] as const) {
    const day = parseDay(range[key]);
    if (day) next.set(key, day);
    else next.delete(key);
  }
  next.delete('ledgerPage');
  return next;
}
