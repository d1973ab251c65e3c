// @vitest-environment jsdom
import LanguageDetector from 'i18next-browser-languagedetector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectionOptions, languageStorageKey } from './i18n';

/** The detector as i18next runs it: every candidate, most wanted first. */
function candidates(): string[] {
  const services = { languageUtils: { getBestMatchFromCodes: () => undefined } };
  const found = new LanguageDetector(services, detectionOptions()).detect();
  return Array.isArray(found) ? found : found ? [found] : [];
}

afterEach(() => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: the detector reads this very cookie.
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  window.history.replaceState(null, '', '/');
});

describe('language detection', () => {
  it('asks the query, the cookie, local then session storage, the browser, then <html lang>', () => {
    window.history.replaceState(null, '', '/login?lng=fr');
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads this very cookie.
    document.cookie = 'i18next=ko; path=/';
    localStorage.setItem(languageStorageKey, 'ja');
    sessionStorage.setItem(languageStorageKey, 'tr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    document.documentElement.lang = 'en';
    expect(candidates()).toEqual(['fr', 'ko', 'ja', 'tr', 'zh-CN', 'zh-CN', 'en']);
  });

  it('leaves the cookie out where cookies cannot be read', () => {
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect(detectionOptions().order).toEqual([
      'querystring',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(() => candidates()).not.toThrow();
  });

  it('keeps the language in use in local storage, under the key the app always used', () => {
    const detector = new LanguageDetector(undefined, detectionOptions());
    detector.cacheUserLanguage('ko');
    expect(localStorage.getItem('i18nextLng')).toBe('ko');
    expect(document.cookie).not.toContain('i18next=');
  });
});
