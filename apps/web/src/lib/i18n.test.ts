// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguages, keepLanguage, languageSources, languageStorageKey } from './i18n';

afterEach(() => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: the detection reads this very cookie.
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});

describe('language detection', () => {
  it('asks the query, the cookie, local then session storage, the browser, then <html lang>', () => {
    window.history.replaceState(null, '', '/login?lng=fr');
    // biome-ignore lint/suspicious/noDocumentCookie: the detection reads this very cookie.
    document.cookie = 'i18next=ko; path=/';
    localStorage.setItem(languageStorageKey, 'ja');
    sessionStorage.setItem(languageStorageKey, 'tr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    document.documentElement.lang = 'en';
    expect(languageSources).toEqual([
      'query',
      'cookie',
      'localStorage',
      'sessionStorage',
      'browser',
      'htmlTag',
    ]);
    expect(detectLanguages()).toEqual(['fr', 'ko', 'ja', 'tr', 'zh-CN', 'zh-CN', 'en']);
  });

  it('goes on to the next source when one has nothing', () => {
    sessionStorage.setItem(languageStorageKey, 'tr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('fr-FR');
    expect(detectLanguages()).toEqual(['tr', 'fr-FR', 'en', 'fr-FR']);
  });

  it('leaves the cookie out where cookies cannot be read', () => {
    window.history.replaceState(null, '', '/login?lng=fr');
    localStorage.setItem(languageStorageKey, 'ja');
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('');
    expect(detectLanguages()).toEqual(['fr', 'ja']);
  });

  it('drops what is not a language code, so the address cannot write into <html lang>', () => {
    window.history.replaceState(null, '', '/login?lng=%22%20onmouseover%3D%22x()');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([]);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('ko');
    expect(detectLanguages()).toEqual(['ko']);
  });

  it('keeps the language in use in local storage, under the key the app always used', () => {
    keepLanguage('ko');
    expect(localStorage.getItem('i18nextLng')).toBe('ko');
    expect(document.cookie).not.toContain('i18next=');
  });
});
