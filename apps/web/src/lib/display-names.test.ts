import { describe, expect, it } from 'vitest';
import { countryName, languageName } from './display-names';

describe('display names', () => {
  it('names a country and a language in the reader language', () => {
    expect(countryName('KR', 'en')).toBe('South Korea');
    expect(countryName('CN', 'ko')).toBe('중국');
    expect(languageName('zh', 'en')).toBe('Chinese');
  });

  it('falls back to the code when it is not one', () => {
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});
