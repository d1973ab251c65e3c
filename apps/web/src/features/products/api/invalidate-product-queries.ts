import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/query-keys/dashboard-keys';
import { salesKeys } from '@/lib/query-keys/sales-keys';
import { productKeys } from './product-keys';

/**
 * Marks stale what a created, changed or deleted product changes: the product list, the
 * product counters (the products page and the dashboard read the same query), the sales
 * per product, which lists every product, and the dashboard's revenue overview and checklist,
 * which name products. Shown queries refetch at once, the others when next shown.
 */
export async function invalidateProductQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: productKeys.stats() }),
    queryClient.invalidateQueries({ queryKey: salesKeys.byProduct() }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
