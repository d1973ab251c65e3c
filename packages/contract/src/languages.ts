import { z } from 'zod';

/** The languages of the web app and of the mail the server sends; English is the fallback. */
export const languages = ['en', 'ko', 'zh', 'ja', 'fr', 'tr'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

export const languageSchema = z.enum(languages, { error: 'languageInvalid' });

/** The language of a value such as `ko-KR` or `zh-Hans-CN`, when it is one of ours. */
export function languageOf(value: string | undefined): Language | undefined {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return languages.find((language) => language === base);
}
