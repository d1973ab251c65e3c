import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import en from '@seller/locales/app/en.json';
import fr from '@seller/locales/app/fr.json';
import ja from '@seller/locales/app/ja.json';
import ko from '@seller/locales/app/ko.json';
import tr from '@seller/locales/app/tr.json';
import zh from '@seller/locales/app/zh.json';
import {
  pluralFormsAmiss,
  type TextTree as Tree,
  textFamilies,
  textVariables,
} from '@seller/locales/flatten-texts.ts';
import { createInstance, type ParseKeys } from 'i18next';
import { describe, expect, it } from 'vitest';

const files = { en, ko, zh, ja, fr, tr } as const;
const english = textFamilies(en);
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
    for (const [key, entry] of english) {
      for (const text of entry.texts) expect(text.trim(), key).not.toBe('');
    }
  });

  for (const [language, tree] of Object.entries(files)) {
    describe(language, () => {
      const texts = textFamilies(tree as Tree);

      it("gives a text that varies with a number every plural form of the language's rules", () => {
        expect(pluralFormsAmiss(language, texts)).toEqual([]);
      });
    });
  }

  for (const [language, tree] of Object.entries(others)) {
    describe(language, () => {
      const texts = textFamilies(tree as Tree);

      it('has every text of en.json and no other', () => {
        const missing = [...english.keys()].filter((key) => !texts.has(key));
        const extra = [...texts.keys()].filter((key) => !english.has(key));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('has no empty texts', () => {
        const empty = [...texts]
          .filter(([, entry]) => entry.texts.some((text) => text.trim() === ''))
          .map(([key]) => key);
        expect(empty).toEqual([]);
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

describe('counts in the texts', () => {
  const texts = createInstance();
  void texts.init({
    resources: Object.fromEntries(
      Object.entries(files).map(([language, tree]) => [language, { translation: tree }]),
    ),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  /** A text with the number `count`, written as the app writes it (`formatted`). */
  const say = (language: string, key: ParseKeys, count: number, values: object = {}) =>
    texts.getFixedT(language)(key, {
      count,
      formatted: count.toLocaleString('en'),
      ...values,
    });
  const day = { date: '2026-11-21', amount: '₩13,800' };

  it('agree with the number in English', () => {
    expect(say('en', 'dashboard.stats.transactions', 1)).toBe('1 transaction');
    expect(say('en', 'dashboard.stats.transactions', 1234)).toBe('1,234 transactions');
    expect(say('en', 'sales.summary.count', 1)).toBe('1 transaction');
    expect(say('en', 'sales.summary.count', 0)).toBe('0 transactions');
    expect(say('en', 'dashboard.revenue.chartTooltip', 1, day)).toBe(
      '2026-11-21: ₩13,800 (1 sale)',
    );
    expect(say('en', 'sales.chart.tooltip', 2, day)).toBe('2026-11-21: ₩13,800, 2 sales');
    expect(say('en', 'sales.chart.tooltip', 1, day)).toBe('2026-11-21: ₩13,800, 1 sale');
    expect(
      say('en', 'sales.chart.summary', 1, {
        days: 30,
        amount: '₩13,800',
        bestDate: '2026-11-21',
        bestAmount: '₩13,800',
      }),
    ).toBe('Last 30 days: ₩13,800 from 1 sale. Best day: 2026-11-21 (₩13,800).');
    expect(say('en', 'analytics.chart.viewCount', 1)).toBe('1 view');
    expect(say('en', 'analytics.chart.saleCount', 3)).toBe('3 sales');
    expect(say('en', 'sales.evidence.samplePages', 1, { name: 'guide.pdf', pages: 1 })).toBe(
      'guide.pdf (first page)',
    );
    expect(say('en', 'sales.evidence.samplePages', 3, { name: 'guide.pdf', pages: 3 })).toBe(
      'guide.pdf (first 3 pages)',
    );
    expect(
      texts.getFixedT('en')('products.versions.buyersWithIt', { have: 0, total: 1, number: 2 }),
    ).toBe('Buyers with v2: 0 of 1');
  });

  it('agree with the number in French, "de" before a million', () => {
    expect(say('fr', 'dashboard.stats.transactions', 1)).toBe('1 transaction');
    expect(say('fr', 'dashboard.stats.transactions', 0)).toBe('0 transaction');
    expect(say('fr', 'dashboard.stats.transactions', 2)).toBe('2 transactions');
    expect(say('fr', 'sales.chart.tooltip', 1, day)).toBe('2026-11-21 : ₩13,800, 1 vente');
    expect(say('fr', 'dashboard.revenue.chartTooltip', 1_000_000, day)).toBe(
      '2026-11-21 : ₩13,800 (1,000,000 de ventes)',
    );
    expect(say('fr', 'analytics.chart.viewCount', 1)).toBe('1 vue');
    expect(say('fr', 'dashboard.checklist.progress', 1, { done: 1, total: 3 })).toBe(
      '1 sur 3 terminée',
    );
    expect(say('fr', 'dashboard.checklist.progress', 2, { done: 2, total: 3 })).toBe(
      '2 sur 3 terminées',
    );
    expect(
      texts.getFixedT('fr')('customers.mail.reach.leftOut', { noConsent: 1, unsubscribed: 2 }),
    ).not.toMatch(/\b1 n’ont/);
  });

  it('read the same at any number in Korean, Chinese, Japanese and Turkish', () => {
    expect(say('ko', 'sales.summary.count', 1)).toBe('거래 1건');
    expect(say('zh', 'analytics.chart.saleCount', 1)).toBe('销售 1 笔');
    expect(say('ja', 'dashboard.stats.transactions', 2)).toBe('2 件の取引');
    expect(say('tr', 'dashboard.stats.transactions', 1)).toBe('1 işlem');
    expect(say('tr', 'dashboard.stats.transactions', 5)).toBe('5 işlem');
  });
});
