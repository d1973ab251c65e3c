import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { currentLanguage, isLanguage, languageNames, supportedLanguages } from '@/lib/i18n';
import { LanguageButton } from './language-button';

/** The language dropdown itself, loaded apart from the page: see language-switcher.tsx. */
export function LanguageMenu({
  className,
  defaultOpen = false,
}: {
  className?: string;
  /** Opens as it mounts: the seller pressed the button that stood in for it. */
  defaultOpen?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n.resolvedLanguage);
  return (
    // Not modal: a menu is no dialog, and a modal one hides the page from screen readers
    // (aria-hidden) while its links and buttons stay focusable.
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton className={className} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('common.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value)) void i18n.changeLanguage(value);
          }}
        >
          {supportedLanguages.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {languageNames[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
