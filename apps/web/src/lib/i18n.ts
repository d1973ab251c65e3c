import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const supportedLanguages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = 'en';

/** Each language's own name, shown in the switchers (not translated on purpose). */
export const languageNames: Record<Language, string> = {
  en: 'English',
  ko: '한국어',
  zh: '简体中文',
  ja: '日本語',
  fr: 'Français',
  tr: 'Türkçe',
};

/** Local storage key that keeps the chosen language (the "language setting"). */
export const languageStorageKey = 'i18nextLng';

export function isLanguage(value: string | undefined): value is Language {
  return (supportedLanguages as readonly string[]).includes(value ?? '');
}

// Every language, English too, is a chunk of its own: a page loads the texts of the language in
// use (and English, the fallback), fetched in parallel with the page's route chunk, rather than
// carrying English in the app's entry.
const localeLoaders: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import('@seller/locales/app/en.json'),
  ko: () => import('@seller/locales/app/ko.json'),
  zh: () => import('@seller/locales/app/zh.json'),
  ja: () => import('@seller/locales/app/ja.json'),
  fr: () => import('@seller/locales/app/fr.json'),
  tr: () => import('@seller/locales/app/tr.json'),
};

/** Loads the texts of a language on demand. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = isLanguage(language) ? localeLoaders[language] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Whether `document.cookie` can be read: some sandboxed pages throw on it. */
function cookiesReadable(): boolean {
  try {
    void document.cookie;
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the visitor's language is looked for, first found first: `?lng=`, the `i18next`
 * cookie, the kept choice in local then session storage, the browser's languages,
 * `<html lang>`. The language in use is kept in local storage, where the next visit finds it.
 */
export function detectionOptions(): DetectorOptions {
  return {
    order: [
      'querystring',
      ...(cookiesReadable() ? ['cookie'] : []),
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ],
    lookupQuerystring: 'lng',
    lookupCookie: 'i18next',
    lookupLocalStorage: languageStorageKey,
    lookupSessionStorage: languageStorageKey,
    caches: ['localStorage'],
    excludeCacheFor: ['cimode'],
  };
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  });
  await i18n
    .use(lazyLocales)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      detection: detectionOptions(),
      supportedLngs: [...supportedLanguages],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: fallbackLanguage,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return i18n;
}

/** The language in use, reduced to one of ours (e.g. 'ko-KR' → 'ko'). */
export function currentLanguage(language: string | undefined = i18n.resolvedLanguage): Language {
  const base = language?.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : fallbackLanguage;
}

export { i18n };
