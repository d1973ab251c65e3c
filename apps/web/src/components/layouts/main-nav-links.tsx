import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isNavItemActive, navItems } from './nav-items';

/**
 * The main navigation's links, the current page's marked (`aria-current`): in the header on
 * wide screens, in the side sheet (with icons) on phones.
 */
export function MainNavLinks({
  linkClassName,
  withIcons = false,
  onNavigate,
}: {
  linkClassName: (state: { isActive: boolean }) => string;
  withIcons?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return navItems.map((item) => {
    const isActive = isNavItemActive(item, pathname);
    return (
      <Link
        key={item.to}
        to={item.to}
        aria-current={isActive ? 'page' : undefined}
        className={linkClassName({ isActive })}
        onClick={onNavigate}
      >
        {withIcons ? <item.icon className="size-4" aria-hidden="true" /> : null}
        {t(item.labelKey)}
      </Link>
    );
  });
}
