import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import {
  productStatsQueryOptions,
  useProductStats,
} from '@/features/dashboard/api/get-product-stats';
import { MenuCards } from '@/features/dashboard/components/menu-cards';
import {
  ShareLinkCard,
  ShareLinkCardSkeleton,
} from '@/features/dashboard/components/share-link-card';
import { StatCards, TodaySalesCard } from '@/features/dashboard/components/stat-cards';
import { useProfile } from '@/features/profile/api/get-profile';
import { salesStatsQueryOptions, useSalesStats } from '@/features/sales/api/get-sales-stats';
import { queryClient } from '@/lib/react-query';

/** Loads the dashboard's numbers before the first render (see router.tsx). */
export async function prefetchDashboardData(): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(productStatsQueryOptions()),
    queryClient.prefetchQuery(salesStatsQueryOptions()),
  ]);
}

export function DashboardRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const productStats = useProductStats();
  const salesStats = useSalesStats();
  const name = profile.data?.nickname;

  useEffect(() => {
    // Spec section 8: on the dashboard a failed profile load is only logged.
    if (profile.error)
      console.warn('[dashboard] Failed to load the profile:', profile.error.message);
  }, [profile.error]);

  return (
    <div className="grid gap-8">
      <section className="grid gap-2">
        {profile.isPending ? (
          <Skeleton className="h-9 w-64" />
        ) : (
          <h1 className="text-3xl font-bold tracking-tight" data-testid="welcome">
            {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}
          </h1>
        )}
        <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
      </section>

      {/* While the profile loads, its place is kept: nothing below moves when it arrives. */}
      {name ? (
        <ShareLinkCard nickname={name} />
      ) : profile.isPending ? (
        <ShareLinkCardSkeleton />
      ) : null}

      <StatCards products={productStats} sales={salesStats} />
      <TodaySalesCard today={salesStats.data?.todaySales} />
      <MenuCards />
    </div>
  );
}
