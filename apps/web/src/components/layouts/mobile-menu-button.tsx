import { MenuIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The button that opens the side sheet of small screens. */
export function MobileMenuButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="xl:hidden"
      aria-label={t('nav.openMenu')}
      aria-haspopup="dialog"
      data-testid="mobile-menu-trigger"
      {...props}
    >
      <MenuIcon className="size-5" aria-hidden="true" />
    </Button>
  );
}
