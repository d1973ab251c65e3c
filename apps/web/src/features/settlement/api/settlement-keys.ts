/** Query keys of the seller's payout details. */
export const settlementKeys = {
  all: ['settlement'] as const,
  info: () => [...settlementKeys.all, 'info'] as const,
};
