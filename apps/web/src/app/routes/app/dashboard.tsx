import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useSalesOverview } from '@/features/dashboard/api/get-sales-overview';
import { LatestSales, TopProducts } from '@/features/dashboard/components/best-sellers';
import { GettingStartedChecklist } from '@/features/dashboard/components/getting-started';
import { MenuCards } from '@/features/dashboard/components/menu-cards';
import { RevenueCard } from '@/features/dashboard/components/revenue-card';
import {
  ShareLinkCard,
  ShareLinkCardSkeleton,
} from '@/features/dashboard/components/share-link-card';
import { StatCards, TodaySalesCard } from '@/features/dashboard/components/stat-cards';
import { useProductStats } from '@/features/products/api/get-product-stats';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSalesStats } from '@/features/sales/api/get-sales-stats';
import { useDrawnLater } from '@/lib/use-drawn-later';
import { useWarnOnError } from '@/lib/use-warn-on-error';

/**
 * The page sellers open every morning: a getting-started checklist while the account is new,
 * the revenue of the last 30 days front and centre, the counters, the best sellers and the
 * latest sales, then the creator link and the shortcuts. It composes the products' and the
 * sales' own queries: whatever changes a product or a sale refreshes these counters too.
 */
export function DashboardRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  // The cards are drawn once their figures have arrived, in renders React may pause for input.
  const productStats = useDrawnLater(useProductStats());
  const salesStats = useDrawnLater(useSalesStats());
  const overview = useDrawnLater(useSalesOverview());
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

      <GettingStartedChecklist nickname={name} />
      <RevenueCard overview={overview} />

      <StatCards products={productStats} sales={salesStats} />
      <TodaySalesCard today={salesStats.data?.todaySales} />

      <div className="grid gap-4 lg:grid-cols-2">
        <TopProducts overview={overview} />
        <LatestSales overview={overview} />
      </div>

      {/* While the profile loads, its place is kept: nothing below moves when it arrives. */}
      {name ? (
        <ShareLinkCard nickname={name} />
      ) : profile.isPending ? (
        <ShareLinkCardSkeleton />
      ) : null}
      <MenuCards />
    </div>
  );
}
