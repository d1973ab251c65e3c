import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const secret = { INTERNAL_API_SECRET: 'x'.repeat(32) };

describe('the settings of visits', () => {
  it('reads the country from CF-IPCountry and counts days in Seoul unless told otherwise', () => {
    expect(loadConfig(secret)).toMatchObject({
      countryHeader: 'cf-ipcountry',
      timeZone: 'Asia/Seoul',
    });
    expect(
      loadConfig({ ...secret, COUNTRY_HEADER: 'X-Country', SELLER_CENTER_TIME_ZONE: 'UTC' }),
    ).toMatchObject({ countryHeader: 'x-country', timeZone: 'UTC' });
    // Empty: no proxy tells the country, so none is sent.
    expect(loadConfig({ ...secret, COUNTRY_HEADER: '' }).countryHeader).toBe('');
  });

  it('stops with the variable’s name on a bad header or time zone', () => {
    expect(() => loadConfig({ ...secret, COUNTRY_HEADER: 'X Country' })).toThrow(/^COUNTRY_HEADER/);
    expect(() => loadConfig({ ...secret, SELLER_CENTER_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /^SELLER_CENTER_TIME_ZONE/,
    );
  });
});
