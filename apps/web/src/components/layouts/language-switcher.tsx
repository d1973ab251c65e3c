import { lazy } from 'react';
import { LanguageButton } from './language-button';
import { LazyMenu } from './lazy-menu';

const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(() =>
  loadLanguageMenu().then((module) => ({ default: module.LanguageMenu })),
);

/** Language dropdown shown on every page; the choice is kept in local storage. */
export function LanguageSwitcher({ className }: { className?: string }) {
  return (
    <LazyMenu
      load={loadLanguageMenu}
      button={(buttonProps) => <LanguageButton className={className} {...buttonProps} />}
    >
      <LanguageMenu className={className} defaultOpen />
    </LazyMenu>
  );
}
