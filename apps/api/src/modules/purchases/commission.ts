import { limits } from '@seller/contract/limits';

/** Rates in basis points (1/100 of a percent): integers, so that money stays integral. */
export const introCommissionRate = Math.round(limits.commission.introRate * 10_000);
export const standardCommissionRate = Math.round(limits.commission.standardRate * 10_000);
export const introCommissionMonths = limits.commission.introMonths;

/** The rate in force for a sale made at `purchasedAt`. */
export function commissionRateAt(purchasedAt: Date, introEndsAt: Date): number {
  return purchasedAt.getTime() < introEndsAt.getTime()
    ? introCommissionRate
    : standardCommissionRate;
}

/** Commission in whole won, rounded half up; the seller keeps the rest. */
export function splitAmount(amount: number, rateBasisPoints: number) {
  const commission = Math.round((amount * rateBasisPoints) / 10_000);
  return { commission, net: amount - commission };
}
