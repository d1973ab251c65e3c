import { fallbackLanguage, type Language } from '@seller/contract/languages';
import en from '@seller/locales/mail/en.json';
import fr from '@seller/locales/mail/fr.json';
import ja from '@seller/locales/mail/ja.json';
import ko from '@seller/locales/mail/ko.json';
import tr from '@seller/locales/mail/tr.json';
import zh from '@seller/locales/mail/zh.json';
import i18next, { type TOptions } from 'i18next';

/**
 * Every mail the seller center sends, in the six languages of the web app. The words are in the
 * `mail` namespace of `@seller/locales` (`packages/locales/src/mail/<language>.json`), where
 * translators edit them; this file only says which texts make up each mail and lays them out.
 * Each message is plain text plus a simple HTML version of the same words; values are escaped
 * in the HTML.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface PasswordResetData {
  url: string;
  /** Minutes the link stays valid. */
  minutes: number;
}

export interface PasswordChangedData {
  /** When it happened, already formatted for the seller's language and time zone. */
  when: string;
  /** Where to go when it was not the seller. */
  url: string;
}

export interface NewSignInData {
  when: string;
  address: string;
  failedAttempts: number;
  url: string;
}

export interface SaleData {
  product: string;
  /** Gross and net, already formatted (`formatWon`). */
  amount: string;
  net: string;
  when: string;
  url: string;
}

export interface RefundData {
  product: string;
  /** `refund`, or `chargeback` when the buyer's bank took the money back. */
  kind: 'refund' | 'chargeback';
  /** The amount taken back and what the seller loses of it, already formatted. */
  amount: string;
  net: string;
  /** The day of the sale and the time of the refund, formatted. */
  saleDay: string;
  when: string;
  url: string;
}

export interface DailySummaryData {
  /** The day, formatted for the language. */
  day: string;
  count: number;
  amount: string;
  net: string;
  /** The best products of the day: title and formatted amount. */
  top: { title: string; count: number; amount: string }[];
  url: string;
}

export interface PayoutData {
  /** Amount and balance, already formatted (`formatWon`). */
  amount: string;
  method: 'alipay' | 'bank' | 'paypal';
  /** The transfer's reference, when the operator gave one. */
  reference: string | null;
  when: string;
  balance: string;
  url: string;
}

export type MailData = {
  passwordReset: PasswordResetData;
  passwordChanged: PasswordChangedData;
  newSignIn: NewSignInData;
  sale: SaleData;
  refund: RefundData;
  dailySummary: DailySummaryData;
  payout: PayoutData;
};
export type MailTemplate = keyof MailData;

/** The values a text interpolates (`{{name}}`); `count` also picks the plural form. */
type Values = Record<string, string | number>;

/** A text's key without i18next's plural suffix: `subject_one` and `subject_other` are `subject`. */
type TextKey<Key> = Key extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : Key;

/** The paragraphs of a template's mail, by their keys in the English file. */
type LineKey<T extends MailTemplate> = Exclude<
  TextKey<keyof (typeof en)[T] & string>,
  'subject' | 'action'
>;

/**
 * What a mail is made of: its subject (`<template>.subject`), its paragraphs in order, a button
 * (`<template>.action`) to `url`, between the shared greeting and closing. The subject and the
 * paragraphs take `values`, except a paragraph given with values of its own.
 */
interface Composition<T extends MailTemplate> {
  values: Values;
  lines: (LineKey<T> | readonly [LineKey<T>, Values])[];
  url: string;
}

const compositions: { [T in MailTemplate]: (data: MailData[T]) => Composition<T> } = {
  passwordReset: ({ url, minutes }) => ({
    values: { minutes },
    lines: ['requested', 'validity', 'ignoreIfNotYou'],
    url,
  }),
  passwordChanged: ({ url, when }) => ({ values: { when }, lines: ['changed', 'ifNotYou'], url }),
  newSignIn: ({ url, when, address, failedAttempts }) => ({
    values: { when, address, failedAttempts },
    lines: ['signedIn', 'ifNotYou'],
    url,
  }),
  sale: ({ url, product, amount, net, when }) => ({
    values: { product, amount, net, when },
    lines: ['sold', 'amount'],
    url,
  }),
  refund: ({ url, kind, product, amount, net, saleDay, when }) => ({
    values: { product, amount, net, saleDay, when },
    lines: [kind === 'chargeback' ? 'chargedBack' : 'refunded', 'amount'],
    url,
  }),
  dailySummary: ({ url, day, count, amount, net, top }) => ({
    values: { day, count, amount, net },
    lines: [
      'total',
      ...top.map(
        (item, index) =>
          [
            'topProduct',
            { rank: index + 1, title: item.title, count: item.count, amount: item.amount },
          ] as const,
      ),
    ],
    url,
  }),
  payout: ({ url, amount, method, reference, when, balance }) => ({
    values: { amount, when, balance, reference: reference ?? '' },
    lines: [
      method === 'alipay' ? 'paidAlipay' : method === 'bank' ? 'paidBank' : 'paidPaypal',
      ...(reference ? (['reference'] as const) : []),
      'balance',
    ],
    url,
  }),
};

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The mail texts' own i18next, apart from any other: interpolated values are escaped for HTML
 * unless a call asks for plain text. Values are never read as texts to nest (`$t(…)` in a
 * product's title stays as written). A key missing from a language falls back to English (the
 * locale tests keep every language complete).
 */
const mailTexts = i18next.createInstance();
void mailTexts.init({
  resources: {
    en: { mail: en },
    ko: { mail: ko },
    zh: { mail: zh },
    ja: { mail: ja },
    fr: { mail: fr },
    tr: { mail: tr },
  } satisfies Record<Language, { mail: unknown }>,
  ns: ['mail'],
  defaultNS: 'mail',
  fallbackLng: fallbackLanguage,
  initAsync: false,
  interpolation: { escapeValue: true, escape: escapeHtml, skipOnVariables: true },
});

function render<T extends MailTemplate>(
  template: T,
  language: Language,
  { values, lines, url }: Composition<T>,
): RenderedMail {
  // The `mail` namespace, this instance's default, with keys as plain strings: the mail tests
  // render every key in every language, and the keys that i18next's module declaration types
  // are the web app's wherever the web tests build this server.
  const t = mailTexts.getFixedT(language) as unknown as (key: string, options: TOptions) => string;
  // Values go under `replace`, so that none is taken for an option of i18next (`lng`, `ns`…).
  const options = (own: Values) => ({
    replace: own,
    ...(typeof own.count === 'number' ? { count: own.count } : {}),
  });
  const html = (key: string, own: Values = {}) => t(key, options(own));
  const text = (key: string, own: Values = {}) =>
    t(key, { ...options(own), interpolation: { escapeValue: false } });
  const paragraphs = lines.map((line) =>
    typeof line === 'string' ? ([line, values] as const) : line,
  );

  const subject = text(`${template}.subject`, values);
  const label = text(`${template}.action`);
  const textPart = [
    text('greeting'),
    '',
    ...paragraphs.map(([key, own]) => text(`${template}.${key}`, own)),
    '',
    `${label}: ${url}`,
    '',
    text('closing'),
  ].join('\n');
  const htmlParagraphs = paragraphs
    .map(([key, own]) => `<p>${html(`${template}.${key}`, own)}</p>`)
    .join('\n');
  const button = `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#111827;color:#ffffff;text-decoration:none;border-radius:6px">${html(`${template}.action`)}</a></p>
<p style="font-size:12px;color:#4b5563">${escapeHtml(url)}</p>`;
  const htmlPart = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${html(`${template}.subject`, values)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI','Noto Sans KR','Noto Sans SC','Noto Sans JP',sans-serif;line-height:1.6;color:#111827;max-width:560px;margin:0 auto;padding:24px">
<p>${html('greeting')}</p>
${htmlParagraphs}
${button}
<p style="color:#4b5563">${html('closing')}</p>
</body></html>`;
  return { subject, text: textPart, html: htmlPart };
}

/** A sales amount in won, without decimals, in the words of /sales: 15,000원, 15,000韩元, ₩15,000. */
export function formatWon(amount: number, language: Language): string {
  const digits = new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, {
    maximumFractionDigits: 0,
  }).format(Math.round(amount));
  if (language === 'ko') return `${digits}원`;
  if (language === 'zh') return `${digits}韩元`;
  return `₩${digits}`;
}

export function renderMail<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailData[T],
): RenderedMail {
  return render(template, language, compositions[template](data));
}

/** Every template (each in every language: checked by the mail tests). */
export const mailTemplates = Object.keys(compositions) as MailTemplate[];
