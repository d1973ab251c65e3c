import { setLanguageEndpoint } from '@seller/contract/auth/set-language';
import type { Language } from '@seller/contract/languages';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { sessionState } from '@/lib/auth-token';
import { currentLanguage, i18n } from '@/lib/i18n';

/** Tells the server the seller's language: every mail to the seller is written in it. */
export function saveLanguage(language: Language): Promise<void> {
  return apiRequest(setLanguageEndpoint, { body: { language } });
}

/** The language the server was last told from this page, or found in use when watching began. */
let told: Language | undefined;
let watching = false;

/** Fire and forget: a failed call is tried again at the next change, nothing is shown. */
function tell(language: Language): void {
  told = language;
  saveLanguage(language).catch(() => {
    if (told === language) told = undefined;
  });
}

function languageChanged(value: string): void {
  const language = currentLanguage(value);
  if (language === told || sessionState() !== 'valid') return;
  tell(language);
}

/**
 * From now on, each switch to another language while a seller is signed in is sent once. The
 * language in use when watching begins is taken as known: loading a page sends nothing.
 */
export function watchLanguage(): void {
  if (watching) return;
  watching = true;
  told ??= currentLanguage();
  i18n.on('languageChanged', languageChanged);
}

/** After signing in or up: the language in use becomes the seller's, and switches follow. */
export function sendLanguageAfterSignIn(): void {
  tell(currentLanguage());
  watchLanguage();
}

/** The signed-in shell keeps the seller's language on the account as it is switched. */
export function useLanguageOnAccount(): void {
  useEffect(() => watchLanguage(), []);
}
