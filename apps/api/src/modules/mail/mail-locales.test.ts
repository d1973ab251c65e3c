import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Language, languages } from '@seller/contract/languages';
import {
  flattenTexts as flatten,
  pluralFormsAmiss,
  type TextTree as Tree,
  textFamilies,
  textVariables,
} from '@seller/locales/flatten-texts.ts';
import en from '@seller/locales/mail/en.json';
import fr from '@seller/locales/mail/fr.json';
import ja from '@seller/locales/mail/ja.json';
import ko from '@seller/locales/mail/ko.json';
import tr from '@seller/locales/mail/tr.json';
import zh from '@seller/locales/mail/zh.json';
import { describe, expect, it } from 'vitest';

const files: Record<Language, Tree> = { en, ko, zh, ja, fr, tr };

const english = textFamilies(en);

describe('mail texts', () => {
  it('are exactly the six languages', () => {
    const dir = fileURLToPath(
      new URL('../../../../../packages/locales/src/mail/', import.meta.url),
    );
    const found = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(found.sort()).toEqual(languages.map((language) => `${language}.json`).sort());
  });

  for (const language of languages) {
    describe(language, () => {
      const texts = textFamilies(files[language]);

      if (language !== 'en') {
        it('has every text of English and no other', () => {
          const missing = [...english.keys()].filter((key) => !texts.has(key));
          const extra = [...texts.keys()].filter((key) => !english.has(key));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it('uses the same {{variables}} as English', () => {
          const different = [...english]
            .filter(([key]) => texts.has(key))
            .filter(
              ([key, entry]) =>
                textVariables(entry.texts).join() !==
                textVariables(texts.get(key)?.texts ?? []).join(),
            )
            .map(([key]) => key);
          expect(different).toEqual([]);
        });
      }

      it('has no empty texts', () => {
        const empty = [...texts]
          .filter(([, entry]) => entry.texts.some((text) => text.trim() === ''))
          .map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it("gives a text that varies with a number every plural form of the language's rules", () => {
        expect(pluralFormsAmiss(language, texts)).toEqual([]);
      });

      // The HTML part escapes the values put into the texts, not the texts themselves.
      it('holds no HTML', () => {
        const marked = [...flatten(files[language])]
          .filter(([, text]) => /[<>&]/.test(text))
          .map(([key]) => key);
        expect(marked).toEqual([]);
      });
    });
  }
});
