import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Language, languages } from '@seller/contract/languages';
import { flattenTexts as flatten, type TextTree as Tree } from '@seller/locales/flatten-texts.ts';
import en from '@seller/locales/mail/en.json';
import fr from '@seller/locales/mail/fr.json';
import ja from '@seller/locales/mail/ja.json';
import ko from '@seller/locales/mail/ko.json';
import tr from '@seller/locales/mail/tr.json';
import zh from '@seller/locales/mail/zh.json';
import { describe, expect, it } from 'vitest';

const files: Record<Language, Tree> = { en, ko, zh, ja, fr, tr };

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/**
 * A language's texts by key without i18next's plural suffix (`subject_one`, `subject_other`:
 * `subject`), each with its plural forms (none for a text that has no plural).
 */
function textsOf(tree: Tree): Map<string, { forms: string[]; texts: string[] }> {
  const texts = new Map<string, { forms: string[]; texts: string[] }>();
  for (const [key, text] of flatten(tree)) {
    const form = pluralSuffix.exec(key)?.[1];
    const base = form ? key.slice(0, -form.length - 1) : key;
    const entry = texts.get(base) ?? { forms: [], texts: [] };
    if (form) entry.forms.push(form);
    entry.texts.push(text);
    texts.set(base, entry);
  }
  return texts;
}

function variables(texts: string[]): string[] {
  const names = texts.flatMap((text) =>
    [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

const english = textsOf(en);

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
      const texts = textsOf(files[language]);

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
                variables(entry.texts).join() !== variables(texts.get(key)?.texts ?? []).join(),
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
        const needed: string[] = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const wrong = [...texts]
          .filter(([, entry]) => entry.forms.length > 0)
          .filter(
            ([, entry]) =>
              entry.forms.length !== entry.texts.length ||
              needed.some((form) => !entry.forms.includes(form)) ||
              entry.forms.some((form) => form !== 'zero' && !needed.includes(form)),
          )
          .map(([key, entry]) => `${key}: ${entry.forms.join()}`);
        expect(wrong).toEqual([]);
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
