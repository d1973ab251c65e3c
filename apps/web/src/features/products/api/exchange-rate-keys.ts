/** Query keys of the USD exchange rates that the price previews convert with. */
export const exchangeRateKeys = {
  all: ['exchange-rate'] as const,
  latest: () => [...exchangeRateKeys.all, 'latest'] as const,
};
