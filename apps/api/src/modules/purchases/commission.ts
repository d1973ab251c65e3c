import { limits } from '@seller/contract/limits';

/**
 * The commission's terms. Rates are in basis points (1/100 of a percent): integers, so that
 * money stays integral. A sale's commission is computed from them in one place, the purchase
 * statement (`purchaseQuery` in the repository), whichever way the sale is recorded.
 */
export const introCommissionRate = Math.round(limits.commission.introRate * 10_000);
export const standardCommissionRate = Math.round(limits.commission.standardRate * 10_000);
export const introCommissionMonths = limits.commission.introMonths;
