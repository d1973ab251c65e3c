import type { BroadcastKind } from '@seller/contract/customers/broadcast';
import type { MarketingConsent } from '@seller/contract/customers/customer';
import type { CustomersQuery } from '@seller/contract/customers/list-customers';

/** The buyer counts the compose screen asks for, from the customers list's filters. */
export function reachQueries(kind: BroadcastKind, productIds: readonly string[]): CustomersQuery[] {
  // An update names its products: nothing to count before one is chosen.
  if (kind === 'product_update' && productIds.length === 0) return [];
  const products: (string | undefined)[] = productIds.length > 0 ? [...productIds] : [undefined];
  const consents: (MarketingConsent | undefined)[] =
    kind === 'marketing' ? ['granted', 'none', 'withdrawn'] : [undefined];
  return products.flatMap((productId) =>
    consents.map((consent) => ({
      ...(productId ? { productId } : {}),
      ...(consent ? { consent } : {}),
    })),
  );
}

export interface ReachEstimate {
  /** Buyers it reaches: exact, or at most this many (`upTo`). */
  reach: number;
  noConsent: number;
  unsubscribed: number;
  /**
   * True when the sending leaves out more than the counts can tell: buyers of several chosen
   * products counted once per product, fully refunded sales, product updates turned off.
   */
  upTo: boolean;
}

/** Adds up the counts of `reachQueries` (in the same order). */
export function reachEstimate(
  kind: BroadcastKind,
  productIds: readonly string[],
  counts: readonly number[],
): ReachEstimate {
  const estimate: ReachEstimate = {
    reach: 0,
    noConsent: 0,
    unsubscribed: 0,
    upTo: kind === 'product_update' || productIds.length > 0,
  };
  if (kind === 'product_update') {
    estimate.reach = counts.reduce((sum, count) => sum + count, 0);
    return estimate;
  }
  counts.forEach((count, index) => {
    const slot = index % 3;
    if (slot === 0) estimate.reach += count;
    else if (slot === 1) estimate.noConsent += count;
    else estimate.unsubscribed += count;
  });
  return estimate;
}
