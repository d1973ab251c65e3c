import { paths } from '@/config/paths';

/** What a link from the sales list to a sale carries: the list's address, to go back to. */
export interface SaleLinkState {
  salesList: string;
}

/** The state of a link to a sale from the sales list at `search` (its period, day and page). */
export function saleLinkState(search: string): SaleLinkState {
  const query = search.startsWith('?') ? search : '';
  return { salesList: `${paths.sales.href()}${query}` };
}

/**
 * Where a sale's back link goes: the sales list it was opened from, or the whole list when the
 * sale was opened otherwise (a bookmark, a shared address, a reload of a history entry without
 * its state).
 */
export function salesListOf(state: unknown): string {
  const list =
    typeof state === 'object' && state !== null && 'salesList' in state
      ? state.salesList
      : undefined;
  const home = paths.sales.href();
  if (typeof list !== 'string') return home;
  return list === home || list.startsWith(`${home}?`) ? list : home;
}
