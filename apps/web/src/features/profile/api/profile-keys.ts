/** Query keys of the signed-in seller's profile. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  saleNotifications: () => [...profileKeys.all, 'sale-notifications'] as const,
};
