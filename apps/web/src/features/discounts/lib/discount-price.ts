import type { Discount, DiscountKind } from '@seller/contract/discounts/discount';

/** What a code takes off a price and what the buyer pays (docs/product-rules.md). */
export interface BuyerPrice {
  discountAmount: number;
  finalAmount: number;
}

/**
 * The price a buyer pays with a code of `kind` and `value` (percent, or won off) on a list
 * price: percent rounds the discount down, fixed takes at most the price; never below 0. Null
 * while the value or the price is not a usable whole number.
 */
export function buyerPrice(
  kind: DiscountKind,
  value: number | null,
  listAmount: number | null,
): BuyerPrice | null {
  if (value === null || listAmount === null) return null;
  if (!Number.isSafeInteger(value) || !Number.isSafeInteger(listAmount) || listAmount < 0) {
    return null;
  }
  if (value < 1 || (kind === 'percent' && value > 100)) return null;
  const discountAmount =
    kind === 'percent' ? Math.floor((listAmount * value) / 100) : Math.min(listAmount, value);
  return { discountAmount, finalAmount: listAmount - discountAmount };
}

/** A whole number typed in a field, or null while it is empty or not one. */
export function wholeNumberOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The code's value as shown: `15%` or the won taken off. */
export function discountValue(
  discount: Pick<Discount, 'kind' | 'percent' | 'amount'>,
  formatWon: (won: number) => string,
): string {
  return discount.kind === 'percent'
    ? `${discount.percent ?? 0}%`
    : formatWon(discount.amount ?? 0);
}
