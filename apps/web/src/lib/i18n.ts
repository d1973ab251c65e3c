import i18n, {
  type BackendModule,
  isSafeLanguageCode,
  type LanguageDetectorModule,
  type ReadCallback,
} from 'i18next';
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

/** The cookie that may carry the visitor's language. */
export const languageCookie = 'i18next';

/** Where the visitor's language may be found, in the order it is looked for. */
export type LanguageSource =
  | 'query'
  | 'cookie'
  | 'localStorage'
  | 'sessionStorage'
  | 'browser'
  | 'htmlTag';

/**
 * The product's rule (docs/product-rules.md, "The web app's language"), first found first:
 * `?lng=`, the `i18next` cookie, the kept choice in local then session storage, the browser's
 * languages, `<html lang>`.
 */
export const languageSources: readonly LanguageSource[] = [
  'query',
  'cookie',
  'localStorage',
  'sessionStorage',
  'browser',
  'htmlTag',
];

/** A storage's value, or nothing where the browser refuses storage (private modes, sandboxes). */
function readStorage(storage: () => Storage, key: string): string | undefined {
  try {
    return storage().getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The `i18next` cookie; nothing where `document.cookie` throws (some sandboxed pages). */
function readLanguageCookie(): string | undefined {
  let cookies: string;
  try {
    cookies = document.cookie;
  } catch {
    return undefined;
  }
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === languageCookie) return value.join('=') || undefined;
  }
  return undefined;
}

const lookups: Record<LanguageSource, () => string | readonly string[] | null | undefined> = {
  query: () => new URLSearchParams(window.location.search).get('lng'),
  cookie: readLanguageCookie,
  localStorage: () => readStorage(() => window.localStorage, languageStorageKey),
  sessionStorage: () => readStorage(() => window.sessionStorage, languageStorageKey),
  browser: () => [...navigator.languages, navigator.language],
  htmlTag: () => document.documentElement.getAttribute('lang'),
};

/**
 * Every language the visitor's sources name, most wanted first; i18next takes the first one the
 * app has (`supportedLngs`). Codes that are not language codes (markup, quotes) are dropped, so
 * nothing from the address can reach `<html lang>`.
 */
export function detectLanguages(): string[] {
  return languageSources
    .flatMap((source) => lookups[source]() ?? [])
    .filter((code) => code !== '' && isSafeLanguageCode(code));
}

/** Keeps the language in use in local storage, where the next visit finds it. */
export function keepLanguage(language: string): void {
  if (language === 'cimode') return; // i18next's key-showing mode is for debugging, never kept
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage refused: the next visit detects the language again.
  }
}

const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: detectLanguages,
  cacheUserLanguage: keepLanguage,
};

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    if (typeof document === 'undefined') return;
    // The language of the texts ('en' for a browser asking for 'en-US'), and only when it
    // changes: the browser restyles the whole page for a new `lang` (tens of milliseconds of
    // the first load on a phone, for a region the texts do not have).
    const lang = currentLanguage(language);
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  });
  await i18n
    .use(lazyLocales)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
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
