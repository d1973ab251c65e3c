import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { MenuCards } from '@/features/dashboard/components/menu-cards';
import {
  ShareLinkCard,
  ShareLinkCardSkeleton,
} from '@/features/dashboard/components/share-link-card';
import { StatCards, TodaySalesCard } from '@/features/dashboard/components/stat-cards';
import { useProductStats } from '@/features/products/api/get-product-stats';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSalesStats } from '@/features/sales/api/get-sales-stats';
import { useWarnOnError } from '@/lib/use-warn-on-error';

/**
 * The dashboard composes the products' and the sales' own queries: whatever changes a product
 * or a sale refreshes these counters too.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const productStats = useProductStats();
  const salesStats = useSalesStats();
  const name = profile.data?.nickname;

  // The dashboard works without the profile (a welcome without the name).
  useWarnOnError('dashboard', 'the profile', profile.error);

  return (
    <div className="grid gap-8">
      <section className="grid gap-2">
        {/* Room for two lines on a phone, where a long nickname wraps: nothing below moves
            when the name arrives. */}
        <div className="min-h-18 sm:min-h-9">
          {profile.isPending ? (
            <Skeleton className="h-9 w-64" />
          ) : (
            <h1 className="text-3xl font-bold tracking-tight" data-testid="welcome">
              {name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}
            </h1>
          )}
        </div>
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
