import { type LucideIcon, MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import type { ThemeChoice } from '@/lib/theme';

/** The theme choices of the account menu and the side sheet, in the order they are offered. */
export const themeOptions: readonly {
  value: ThemeChoice;
  labelKey: `theme.${ThemeChoice}`;
  icon: LucideIcon;
}[] = [
  { value: 'system', labelKey: 'theme.system', icon: MonitorIcon },
  { value: 'light', labelKey: 'theme.light', icon: SunIcon },
  { value: 'dark', labelKey: 'theme.dark', icon: MoonIcon },
];
