import { intlFormat } from './intl-data';

/**
 * Names of countries (ISO 3166-1 alpha-2) and languages in the reader's language, from the
 * browser's own data; the code itself when the browser does not know it.
 */
type NameType = 'region' | 'language';

/**
 * The names of one type in one language, made once: a list names a country on every row (the
 * filter, every country).
 */
const namesOf = intlFormat(
  (type: NameType, language: string | undefined) =>
    new Intl.DisplayNames(language ? [language] : [], { type }),
);

function displayName(type: NameType, code: string, language: string | undefined) {
  try {
    return namesOf(type, language).of(code) ?? code;
  } catch {
    return code;
  }
}

/** `KR` → "South Korea" (in English), "대한민국" (in Korean). */
export const countryName = (code: string, language: string | undefined): string =>
  displayName('region', code, language);

/** `zh` → "Chinese" (in English), "중국어" (in Korean). */
export const languageName = (code: string, language: string | undefined): string =>
  displayName('language', code, language);
