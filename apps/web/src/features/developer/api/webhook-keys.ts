/** Query keys of the seller's webhook and its delivery log. */
export const webhookKeys = {
  all: ['webhook'] as const,
  settings: () => [...webhookKeys.all, 'settings'] as const,
  deliveries: () => [...webhookKeys.all, 'deliveries'] as const,
};
