/** Query keys of the account's sessions and security activity. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  activityAll: () => [...accountKeys.all, 'activity'] as const,
  activity: (page: number, limit: number) =>
    [...accountKeys.activityAll(), { page, limit }] as const,
};
