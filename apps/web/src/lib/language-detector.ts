import type { LanguageDetectorModule } from 'i18next';

/**
 * Finds the languages a visitor asks for, in the order of i18next-browser-languagedetector's
 * defaults (which the app used before): the `lng` query parameter, the `i18next` cookie, the
 * kept choice in local then session storage, the browser's languages, `<html lang>`. i18next
 * picks the first one it supports. Written out here, it is a fraction of the plugin's size,
 * which counts on the first load of the login page (issue 6).
 */

/** What the detector reads, injectable for tests. */
export interface LanguageSources {
  search: string;
  /** `document.cookie`; undefined when reading it throws (some sandboxed contexts). */
  cookie: string | undefined;
  localStorage: Storage | undefined;
  sessionStorage: Storage | undefined;
  navigatorLanguages: readonly string[];
  htmlLang: string | null;
}

/** Letters, digits, `-`, `_`, `@` and `.` (no `..`): nothing that could break out of `<html lang>`. */
export function isSafeLanguageCode(code: string): boolean {
  return (
    /^[A-Za-z0-9_@.-]{1,128}$/.test(code) &&
    !code.includes('..') &&
    !['__proto__', 'constructor', 'prototype'].includes(code)
  );
}

function queryValue(search: string, name: string): string | undefined {
  let found: string | undefined;
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) found = pair.slice(at + 1);
  }
  return found;
}

function cookieValue(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const entry = part.trimStart();
    if (entry.startsWith(`${name}=`)) return entry.slice(name.length + 1);
  }
  return undefined;
}

function stored(storage: Storage | undefined, key: string): string | undefined {
  try {
    return storage?.getItem(key) || undefined;
  } catch {
    return undefined;
  }
}

/** The candidate languages, most wanted first. */
export function detectLanguages(sources: LanguageSources, storageKey: string): string[] {
  const candidates = [
    queryValue(sources.search, 'lng'),
    sources.cookie === undefined ? undefined : cookieValue(sources.cookie, 'i18next'),
    stored(sources.localStorage, storageKey),
    stored(sources.sessionStorage, storageKey),
    ...sources.navigatorLanguages,
    sources.htmlLang ?? undefined,
  ];
  return candidates.filter(
    (code): code is string => typeof code === 'string' && isSafeLanguageCode(code),
  );
}

/** The query string, or the one after `#` when the URL has none (hash-based links). */
function searchOf(location: Location): string {
  if (location.search || !location.hash.includes('?')) return location.search;
  return location.hash.slice(location.hash.indexOf('?'));
}

function readable<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

function browserSources(): LanguageSources {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    search: typeof window === 'undefined' ? '' : searchOf(window.location),
    cookie: readable(() => (typeof document === 'undefined' ? undefined : document.cookie)),
    localStorage: readable(() => globalThis.localStorage),
    sessionStorage: readable(() => globalThis.sessionStorage),
    navigatorLanguages: nav ? [...(nav.languages ?? []), nav.language].filter(Boolean) : [],
    htmlLang:
      typeof document === 'undefined' ? null : document.documentElement.getAttribute('lang'),
  };
}

/** The i18next detector: reads the browser, and keeps the language in use in local storage. */
export function browserLanguageDetector(storageKey: string): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => detectLanguages(browserSources(), storageKey),
    cacheUserLanguage(language: string) {
      if (language === 'cimode') return;
      try {
        globalThis.localStorage?.setItem(storageKey, language);
      } catch {
        // Storage can be blocked (privacy settings): the choice is then not kept.
      }
    },
  };
}
