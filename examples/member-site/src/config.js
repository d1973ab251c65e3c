/**
 * The storefront's settings, read from the environment once, at start; nothing else reads
 * `process.env`. A bad value stops the storefront with a message naming the variable.
 *
 * @typedef {object} Config
 * @property {string} sellerCenterUrl Where the seller center answers, without a trailing slash.
 * @property {string} internalApiSecret The seller center's INTERNAL_API_SECRET: the HMAC key of the signed calls.
 * @property {number} port The storefront's own port.
 * @property {string} host The address the storefront listens on.
 * @property {number} krwPerUsd Won charged per US dollar of a product's price.
 * @property {string} countryHeader The header, lower case, in which the store's proxy tells the
 *   visitor's country (`cf-ipcountry` behind Cloudflare); empty: no country is told.
 * @property {string} timeZone The seller center's `TIME_ZONE`: views are counted on its days.
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @returns {Config}
 */
export function loadConfig(env = process.env) {
  const sellerCenterUrl = env.SELLER_CENTER_URL ?? 'http://localhost:3000';
  try {
    const url = new URL(sellerCenterUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    fail('SELLER_CENTER_URL', `must be an http(s) address, not "${sellerCenterUrl}"`);
  }

  const internalApiSecret = env.INTERNAL_API_SECRET ?? '';
  if (internalApiSecret.length < 32) {
    fail(
      'INTERNAL_API_SECRET',
      'must be set to the seller center’s INTERNAL_API_SECRET (at least 32 characters)',
    );
  }

  const port = Number(env.MEMBER_SITE_PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    fail('MEMBER_SITE_PORT', 'must be a port number (0 picks a free one)');
  }

  // The seller center keeps prices in whole US dollars and sales in whole won: the store
  // decides the rate it charges with. 1380 is the seller center's own starting rate.
  const krwPerUsd = Number(env.KRW_PER_USD ?? 1380);
  if (!Number.isFinite(krwPerUsd) || krwPerUsd <= 0) {
    fail('KRW_PER_USD', 'must be a positive number of won per US dollar');
  }

  // Trusted only because a proxy sets it: a store reached directly should set it to empty.
  const countryHeader = (env.COUNTRY_HEADER ?? 'cf-ipcountry').trim().toLowerCase();
  if (countryHeader !== '' && !/^[a-z0-9-]+$/.test(countryHeader)) {
    fail('COUNTRY_HEADER', 'must be a header name (letters, digits and dashes) or empty');
  }

  const timeZone = env.SELLER_CENTER_TIME_ZONE ?? 'Asia/Seoul';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    fail('SELLER_CENTER_TIME_ZONE', `must be an IANA time zone, not "${timeZone}"`);
  }

  return {
    sellerCenterUrl: sellerCenterUrl.replace(/\/+$/, ''),
    internalApiSecret,
    port,
    host: env.MEMBER_SITE_HOST ?? '127.0.0.1',
    krwPerUsd,
    countryHeader,
    timeZone,
  };
}

/**
 * @param {string} variable
 * @param {string} problem
 * @returns {never}
 */
function fail(variable, problem) {
  throw new Error(`${variable} ${problem}`);
}
