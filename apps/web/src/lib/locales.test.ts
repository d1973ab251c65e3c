import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import en from '@seller/locales/app/en.json';
import fr from '@seller/locales/app/fr.json';
import ja from '@seller/locales/app/ja.json';
import ko from '@seller/locales/app/ko.json';
import tr from '@seller/locales/app/tr.json';
import zh from '@seller/locales/app/zh.json';
import { flattenTexts as flatten, type TextTree as Tree } from '@seller/locales/flatten-texts.ts';
import { describe, expect, it } from 'vitest';

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const english = flatten(en);
const others = { ko, zh, ja, fr, tr } as const;

describe('locale files', () => {
  it('are exactly the six languages', () => {
    const dir = fileURLToPath(new URL('../../../../packages/locales/src/app/', import.meta.url));
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual([
      'en.json',
      'fr.json',
      'ja.json',
      'ko.json',
      'tr.json',
      'zh.json',
    ]);
  });

  it('English has no empty texts', () => {
    for (const [key, text] of english) expect(text.trim(), key).not.toBe('');
  });

  for (const [language, tree] of Object.entries(others)) {
    describe(language, () => {
      const texts = flatten(tree as Tree);

      it('has every key of en.json and no other', () => {
        const missing = [...english.keys()].filter((key) => !texts.has(key));
        const extra = [...texts.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty texts', () => {
        const empty = [...texts].filter(([, text]) => text.trim() === '').map(([key]) => key);
        expect(empty).toEqual([]);
      });

      it('uses the same {{variables}} as English', () => {
        const different = [...english]
          .filter(([key]) => texts.has(key))
          .filter(
            ([key, text]) => variables(text).join() !== variables(texts.get(key) ?? '').join(),
          )
          .map(([key]) => key);
        expect(different).toEqual([]);
      });
    });
  }

  it('translate every validation message used by the contract', () => {
    const contract = new URL('../../../../packages/contract/src/', import.meta.url);
    const sources = [
      'fields.ts',
      ...['auth', 'developer'].flatMap((folder) =>
        readdirSync(new URL(`${folder}/`, contract)).map((f) => `${folder}/${f}`),
      ),
    ]
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(new URL(file, contract), 'utf8'));
    const keys = new Set<string>();
    for (const source of sources) {
      for (const match of source.matchAll(/(?:error|message):\s*'(\w+)'|,\s*'(\w+)'\s*\)/g)) {
        keys.add(match[1] ?? match[2] ?? '');
      }
    }
    expect(keys.size).toBeGreaterThan(10);
    const missing = [...keys].filter((key) => !english.has(`validation.${key}`));
    expect(missing).toEqual([]);
  });
});
