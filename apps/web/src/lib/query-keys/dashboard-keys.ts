/**
 * Query keys of what the dashboard alone reads: the revenue overview and the getting-started
 * checklist. Here because the products feature marks them stale too (both name or count
 * products).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  salesOverview: () => [...dashboardKeys.all, 'sales-overview'] as const,
  gettingStarted: () => [...dashboardKeys.all, 'getting-started'] as const,
};
