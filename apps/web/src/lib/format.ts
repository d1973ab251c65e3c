import { currentLanguage } from './i18n';

/**
 * A number with at most `maxFractionDigits` decimals (trailing zeros dropped) and its thousands
 * separated by commas: what `Intl.NumberFormat` writes for the interface's number locales
 * (`en-US`, and `ko-KR` and `zh-CN`, which write numbers alike; format.test.ts compares them over
 * many values). Like Intl, it rounds the number's shortest decimal form (`0.15`, not the binary
 * value just under it) half away from zero. Counts and amounts are on every screen; written
 * without Intl, a screen that shows nothing else never loads the browser's locale data
 * (intl-data.ts, decision 061).
 */
function formatDecimal(value: number, maxFractionDigits: number): string {
  const size = Math.abs(value);
  // Their shortest form has an exponent (no count or amount comes near them).
  if (!(size < 1e21))
    return new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFractionDigits }).format(
      value,
    );
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (size < 1e-6) return `${sign}0`;
  const [whole = '0', fraction = ''] = String(size).split('.');
  let digits = whole + fraction.slice(0, maxFractionDigits);
  if (fraction.length > maxFractionDigits && (fraction[maxFractionDigits] ?? '0') >= '5') {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const wholeDigits = digits.slice(0, digits.length - Math.min(fraction.length, maxFractionDigits));
  const decimals = digits.slice(wholeDigits.length).replace(/0+$/, '');
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** A count with thousands separators, e.g. "1,234" (alike in every interface language). */
export function formatCount(value: number): string {
  return formatDecimal(value, 0);
}

/**
 * A sales amount in Korean won without decimals: "15,000원" in
 * Korean, "15,000韩元" in Chinese, "₩15,000" otherwise.
 */
export function formatKrwAmount(amount: number, language?: string): string {
  const lang = currentLanguage(language);
  const digits = formatDecimal(Math.round(Math.abs(amount)), 0);
  const sign = amount < 0 && Math.round(Math.abs(amount)) !== 0 ? '-' : '';
  if (lang === 'ko') return `${sign}${digits}원`;
  if (lang === 'zh') return `${sign}${digits}韩元`;
  return `${sign}₩${digits}`;
}

/* ------------------------------------------------------------------------------------------ */
/* Money                                                                                      */
/* ------------------------------------------------------------------------------------------ */

export type Currency = 'USD' | 'KRW' | 'CNY';

/** Korean and Chinese write currency words after the amount; other languages use symbols. */
const currencyWordsByLanguage: Partial<Record<string, Record<Currency, string>>> = {
  ko: { USD: '달러', KRW: '원', CNY: '위안' },
  zh: { USD: '美元', KRW: '韩元', CNY: '元' },
};
const currencySymbols: Record<Currency, string> = { USD: '$', KRW: '₩', CNY: '¥' };

export function currencyWords(language?: string): Record<Currency, string> {
  return currencyWordsByLanguage[currentLanguage(language)] ?? currencySymbols;
}

/**
 * An amount with its currency in the reader's words: `13,500원`, `72.5元`, `$10`, `₩13,500`.
 * KRW and USD show no decimals, CNY at most one.
 */
export function formatMoney(amount: number, currency: Currency, language?: string): string {
  const number = formatDecimal(amount, currency === 'CNY' ? 1 : 0);
  const lang = currentLanguage(language);
  const word = currencyWords(lang)[currency];
  return lang === 'ko' || lang === 'zh' ? `${number}${word}` : `${word}${number}`;
}

/** The currency shown beside USD prices for this language (ko → KRW, zh → CNY, else none). */
export function localCurrency(language?: string): Exclude<Currency, 'USD'> | null {
  const lang = currentLanguage(language);
  if (lang === 'ko') return 'KRW';
  if (lang === 'zh') return 'CNY';
  return null;
}
