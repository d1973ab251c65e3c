import { isbot } from 'isbot';

/**
 * Where a visit came from, and whether its views count.
 *
 * A visit is a browser's pages within half an hour of each other. Its first page tells where
 * the visitor came from: the referrer's host (`source`, as the browser sent it: the seller
 * center names it) and the UTM fields of the address. The visit keeps them in a cookie, so that
 * the product pages seen later and the purchase count under the same source and campaign; a new
 * landing (another site's link, or an address with UTM fields) starts over. The country comes
 * only from the header the store's proxy sets (`CF-IPCountry` behind Cloudflare): without it
 * the visit has none; it is never guessed from the language or the address.
 *
 * Views that would lower the conversion the seller sees are left out:
 * - **bots**, by their user agent (the `isbot` package), and a request without one;
 * - **the seller's own visits**: a visit that arrives from the seller center (its
 *   `SELLER_CENTER_URL` origin as referrer) or whose address carries `?preview` (the address
 *   the seller opens to look at their own page), for the whole visit.
 *
 * @typedef {object} Attribution What the visit tells the seller center, each field when known.
 * @property {string} [source] The referrer's host (`m.search.naver.com`), up to 100 characters.
 * @property {string} [utmSource] The UTM fields of the landing page, up to 200 characters each.
 * @property {string} [utmMedium]
 * @property {string} [utmCampaign]
 * @property {string} [country] ISO 3166-1 alpha-2.
 *
 * @typedef {object} Visit
 * @property {boolean} counted Whether its product views count (neither a bot nor the seller).
 * @property {Attribution} attribution
 * @property {string | undefined} cookie The `Set-Cookie` value that keeps the visit (none for bots).
 */

/** A visit ends after this long without a page. */
const visitSeconds = 30 * 60;
const cookieName = 'visit';
/** The seller center's limits: a longer value would have the whole batch refused. */
const maxSourceLength = 100;
const maxUtmLength = 200;

/** The officially assigned ISO 3166-1 alpha-2 codes: the seller center refuses any other. */
export const countryCodes = new Set(
  `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI
BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN
CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK
FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN
KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK
ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP
NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF
TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI
VN VU WF WS YE YT ZA ZM ZW
`
    .trim()
    .split(/\s+/),
);

/**
 * @param {object} options
 * @param {string} options.sellerCenterUrl A referrer of this origin is the seller.
 * @param {string} options.countryHeader The header the proxy sets with the visitor's country
 *   (lower case); empty when there is no such proxy.
 */
export function createVisitReader({ sellerCenterUrl, countryHeader }) {
  const sellerCenterOrigin = new URL(sellerCenterUrl).origin;

  /**
   * @param {import('node:http').IncomingHttpHeaders} headers
   * @param {URL} url The address asked for.
   * @returns {Visit}
   */
  return function readVisit(headers, url) {
    const userAgent = headers['user-agent'] ?? '';
    if (userAgent === '' || isbot(userAgent)) {
      return { counted: false, attribution: {}, cookie: undefined };
    }
    const kept = readCookie(headers.cookie);
    const referrer = parseUrl(headers.referer);
    // The store's own pages send no referrer; a link from the store's own host is no landing.
    const fromElsewhere = referrer !== undefined && referrer.host !== headers.host;
    const fromSellerCenter = referrer?.origin === sellerCenterOrigin;
    const utm = {
      utmSource: clip(url.searchParams.get('utm_source'), maxUtmLength),
      utmMedium: clip(url.searchParams.get('utm_medium'), maxUtmLength),
      utmCampaign: clip(url.searchParams.get('utm_campaign'), maxUtmLength),
    };
    const landing =
      (fromElsewhere && !fromSellerCenter) || Object.values(utm).some((value) => value);

    /** @type {Attribution} */
    const attribution = landing
      ? compact({
          source:
            fromElsewhere && !fromSellerCenter
              ? clip(referrer.hostname, maxSourceLength)
              : undefined,
          ...utm,
        })
      : pick(kept);
    const country = countryOf(countryHeader ? headers[countryHeader] : undefined) ?? kept.country;
    if (country) attribution.country = country;
    const own = kept.own === true || fromSellerCenter || url.searchParams.has('preview');

    const value = Buffer.from(JSON.stringify({ ...attribution, ...(own && { own }) })).toString(
      'base64url',
    );
    return {
      counted: !own,
      attribution,
      cookie: `${cookieName}=${value}; Path=/; Max-Age=${visitSeconds}; HttpOnly; SameSite=Lax`,
    };
  };
}

/**
 * The visit the cookie kept, each field checked again (a cookie is the browser's to change).
 *
 * @param {string | undefined} header
 * @returns {Attribution & { own?: boolean }}
 */
function readCookie(header) {
  const value = (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${cookieName}=`))
    ?.slice(cookieName.length + 1);
  if (!value) return {};
  let parsed;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  /** @param {unknown} text @param {number} max */
  const text = (text, max) => (typeof text === 'string' ? clip(text, max) : undefined);
  return compact({
    source: text(parsed.source, maxSourceLength),
    utmSource: text(parsed.utmSource, maxUtmLength),
    utmMedium: text(parsed.utmMedium, maxUtmLength),
    utmCampaign: text(parsed.utmCampaign, maxUtmLength),
    country: countryOf(parsed.country),
    own: parsed.own === true ? true : undefined,
  });
}

/**
 * @param {Attribution} kept
 * @returns {Attribution}
 */
function pick({ source, utmSource, utmMedium, utmCampaign }) {
  return compact({ source, utmSource, utmMedium, utmCampaign });
}

/**
 * A country code the seller center takes; anything else (Cloudflare's `XX` for unknown, `T1`
 * for Tor) is no country.
 *
 * @param {unknown} value
 */
function countryOf(value) {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return countryCodes.has(code) ? code : undefined;
}

/** @param {string | string[] | undefined} value */
function parseUrl(value) {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string | null | undefined} value
 * @param {number} max
 */
function clip(value, max) {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  // The limit counts UTF-16 units, as the seller center does; a cut pair is dropped whole.
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The object without its undefined fields.
 *
 * @template {Record<string, unknown>} T
 * @param {T} object
 * @returns {T}
 */
function compact(object) {
  return /** @type {T} */ (
    Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
  );
}
