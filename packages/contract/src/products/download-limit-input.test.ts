import { describe, expect, it } from 'vitest';
import { limits } from '../limits.ts';
import {
  downloadLimitInputSchema,
  downloadLimitSchema,
  sanitizeDownloadLimitInput,
} from './product-fields.ts';

describe('the download limit as typed in the product forms', () => {
  it.each(['0', '1', '5', '100', ' 7 '])('accepts %j', (typed) => {
    const result = downloadLimitInputSchema.safeParse(typed);
    expect(result.success).toBe(true);
    // What the form sends is what the API accepts.
    expect(downloadLimitSchema.safeParse(Number(result.data)).success).toBe(true);
  });

  it.each(['', ' ', '101', '1000', '-1', '2.5', 'five', '1e2'])('refuses %j', (typed) => {
    const result = downloadLimitInputSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('downloadLimitInvalid');
  });

  it('accepts exactly the range the API accepts', () => {
    for (let value = -5; value <= limits.downloadLimit.max + 5; value++) {
      expect(downloadLimitInputSchema.safeParse(String(value)).success, String(value)).toBe(
        downloadLimitSchema.safeParse(value).success,
      );
    }
  });

  it('keeps digits only, at most three, and no leading 0 but a lone one', () => {
    expect(sanitizeDownloadLimitInput('12a')).toBe('12');
    expect(sanitizeDownloadLimitInput('-3')).toBe('3');
    expect(sanitizeDownloadLimitInput('007')).toBe('7');
    expect(sanitizeDownloadLimitInput('0')).toBe('0');
    expect(sanitizeDownloadLimitInput('00')).toBe('0');
    expect(sanitizeDownloadLimitInput('1000')).toBe('100');
    expect(sanitizeDownloadLimitInput('')).toBe('');
  });
});
