import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("the browser's locale data", () => {
  it('is asked for once, in two tasks of their own, when a module defines an Intl format', async () => {
    vi.useFakeTimers();
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize');
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const { intlFormat } = await import('./intl-data');
    const percent = intlFormat(
      (language: string) => new Intl.NumberFormat(language, { style: 'percent' }),
    );
    intlFormat((language: string) => new Intl.PluralRules(language));
    expect(maximize).not.toHaveBeenCalled();

    vi.advanceTimersToNextTimer();
    expect(maximize).toHaveBeenCalledTimes(1);
    expect(supported).not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    expect(supported).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(maximize).toHaveBeenCalledTimes(1);

    expect(percent('en')).toBe(percent('en'));
    expect(percent('en').format(0.5)).toBe('50%');
  });

  it('is not asked for by a screen that only shows counts and amounts', async () => {
    vi.useFakeTimers();
    const maximize = vi.spyOn(Intl.Locale.prototype, 'maximize');
    const { formatCount, formatKrwAmount } = await import('./format');
    formatCount(1234);
    formatKrwAmount(15000, 'ko');
    vi.runAllTimers();
    expect(maximize).not.toHaveBeenCalled();
  });
});
