import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/testing/memory-storage';
import { detectLanguages, isSafeLanguageCode, type LanguageSources } from './language-detector';

const key = 'i18nextLng';

function sources(overrides: Partial<LanguageSources> = {}): LanguageSources {
  return {
    search: '',
    cookie: '',
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    navigatorLanguages: [],
    htmlLang: null,
    ...overrides,
  };
}

function storageWith(value: string): Storage {
  const storage = new MemoryStorage();
  storage.setItem(key, value);
  return storage;
}

describe('detectLanguages', () => {
  it('lists query, cookie, local and session storage, browser languages, then <html lang>', () => {
    expect(
      detectLanguages(
        sources({
          search: '?x=1&lng=fr',
          cookie: 'a=b; i18next=ja',
          localStorage: storageWith('ko'),
          sessionStorage: storageWith('tr'),
          navigatorLanguages: ['zh-CN', 'zh'],
          htmlLang: 'en',
        }),
        key,
      ),
    ).toEqual(['fr', 'ja', 'ko', 'tr', 'zh-CN', 'zh', 'en']);
  });

  it('skips what is missing or unreadable', () => {
    expect(
      detectLanguages(sources({ cookie: undefined, navigatorLanguages: ['ko-KR'] }), key),
    ).toEqual(['ko-KR']);
  });

  it('keeps the last lng parameter, as the plugin did', () => {
    expect(detectLanguages(sources({ search: '?lng=ko&lng=ja' }), key)).toEqual(['ja']);
  });

  it('drops values that are not language codes', () => {
    expect(
      detectLanguages(sources({ search: '?lng=%3Cb%3E', localStorage: storageWith('"><x') }), key),
    ).toEqual([]);
    expect(isSafeLanguageCode('sr@latin')).toBe(true);
    expect(isSafeLanguageCode('en..US')).toBe(false);
    expect(isSafeLanguageCode('__proto__')).toBe(false);
  });
});
