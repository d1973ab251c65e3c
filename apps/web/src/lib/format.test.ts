import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencyWords, formatCount, formatKrwAmount, formatMoney, localCurrency } from './format';

describe('numbers', () => {
  it('groups thousands', () => {
    expect(formatCount(1234)).toBe('1,234');
  });

  // Written without Intl: what Intl writes for each number locale of the interface.
  const numberLocales = ['en-US', 'ko-KR', 'zh-CN'];
  const randomValues = (seed: number, count: number) => {
    let state = seed;
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    return Array.from({ length: count }, () => {
      const magnitude = 10 ** Math.floor(next() * 16);
      return (next() - 0.3) * magnitude;
    });
  };
  const edgeValues = [
    0,
    -0,
    1,
    -1,
    0.05,
    0.15,
    0.25,
    0.45,
    1.45,
    2.5,
    -2.5,
    0.5,
    -0.5,
    -0.4,
    999.95,
    999_999.5,
    72.45,
    1.005,
    123_456_789,
    -9_876_543.25,
    2 ** 53,
    1e20,
    1e21,
    -1e22,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MIN_VALUE,
  ];

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes counts and amounts without the browser's locale data", () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    for (const language of ['en', 'ko', 'zh', 'ja', 'fr', 'tr']) {
      formatCount(1_234_567);
      formatKrwAmount(-15_000, language);
      formatMoney(72.45, 'CNY', language);
      formatMoney(10, 'USD', language);
    }
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it.each(numberLocales)('writes counts as Intl does for %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    for (const value of [...edgeValues, ...randomValues(7, 2000)]) {
      expect(formatCount(value), String(value)).toBe(intl.format(value));
    }
  });

  it.each(numberLocales)('writes yuan with one decimal as Intl does for %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    for (const value of [...edgeValues, ...randomValues(11, 2000)]) {
      expect(formatMoney(value, 'CNY', 'en'), String(value)).toBe(`¥${intl.format(value)}`);
    }
  });

  it('shows sales amounts in won without decimals', () => {
    expect(formatKrwAmount(15000, 'ko')).toBe('15,000원');
    expect(formatKrwAmount(15000, 'zh')).toBe('15,000韩元');
    expect(formatKrwAmount(15000.4, 'en')).toBe('₩15,000');
  });

  it.each([
    ['en', '₩1,234,568'],
    ['ja', '₩1,234,568'],
    ['fr', '₩1,234,568'],
    ['tr', '₩1,234,568'],
    ['ko', '1,234,568원'],
    ['zh', '1,234,568韩元'],
  ])('%s rounds sales amounts to whole won: %s', (language, expected) => {
    expect(formatKrwAmount(1_234_567.5, language)).toBe(expected);
  });

  it('keeps the sign of refunds and never shows a negative zero', () => {
    expect(formatKrwAmount(-2500, 'en')).toBe('-₩2,500');
    expect(formatKrwAmount(-2500, 'ko')).toBe('-2,500원');
    expect(formatKrwAmount(-0.4, 'en')).toBe('₩0');
  });
});

describe('money', () => {
  it('uses the currency words of Korean and Chinese and symbols elsewhere', () => {
    expect(currencyWords('ko')).toEqual({ USD: '달러', KRW: '원', CNY: '위안' });
    expect(currencyWords('zh')).toEqual({ USD: '美元', KRW: '韩元', CNY: '元' });
    for (const language of ['en', 'ja', 'fr', 'tr']) {
      expect(currencyWords(language)).toEqual({ USD: '$', KRW: '₩', CNY: '¥' });
    }
  });

  it('writes words after the amount and symbols before it', () => {
    expect(formatMoney(13500, 'KRW', 'ko')).toBe('13,500원');
    expect(formatMoney(10, 'USD', 'ko')).toBe('10달러');
    expect(formatMoney(72.5, 'CNY', 'zh')).toBe('72.5元');
    expect(formatMoney(1200, 'KRW', 'zh')).toBe('1,200韩元');
    expect(formatMoney(10, 'USD', 'en')).toBe('$10');
    expect(formatMoney(13500, 'KRW', 'en')).toBe('₩13,500');
    expect(formatMoney(72.5, 'CNY', 'en')).toBe('¥72.5');
  });

  it('shows KRW without decimals and CNY with at most one', () => {
    expect(formatMoney(13500.4, 'KRW', 'en')).toBe('₩13,500');
    expect(formatMoney(72.46, 'CNY', 'en')).toBe('¥72.5');
    expect(formatMoney(72, 'CNY', 'en')).toBe('¥72');
  });

  it('picks the local currency for Korean and Chinese only', () => {
    expect(localCurrency('ko')).toBe('KRW');
    expect(localCurrency('ko-KR')).toBe('KRW');
    expect(localCurrency('zh')).toBe('CNY');
    expect(localCurrency('en')).toBeNull();
    expect(localCurrency('ja')).toBeNull();
  });
});
