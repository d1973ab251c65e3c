import { BanknoteIcon, type LucideIcon, PackageIcon, PlusIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

interface MenuCard {
  to: string;
  key: 'profile' | 'products' | 'createProduct' | 'settlement';
  icon: LucideIcon;
}

const menu: readonly MenuCard[] = [
  { to: paths.profile.href(), key: 'profile', icon: UserIcon },
  { to: paths.products.href(), key: 'products', icon: PackageIcon },
  { to: paths.productCreate.href(), key: 'createProduct', icon: PlusIcon },
  { to: paths.settlement.href(), key: 'settlement', icon: BanknoteIcon },
];

/** The four shortcuts of the dashboard: profile, products, new product, settlement. */
export function MenuCards() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.menu.label')} data-testid="menu-cards">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {menu.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-xl border bg-card p-5 shadow-sm outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="rounded-lg bg-primary/10 p-2 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="grid gap-1">
                <span className="font-semibold">{t(`dashboard.menu.${key}.title`)}</span>
                <span className="text-sm text-muted-foreground">
                  {t(`dashboard.menu.${key}.description`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
