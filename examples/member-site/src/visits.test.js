import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { countryCodes as sellerCenterCountries } from '../../../packages/contract/src/countries.ts';
import { countryCodes, createVisitReader } from './visits.js';

const readVisit = createVisitReader({
  sellerCenterUrl: 'https://seller.example.com',
  countryHeader: 'cf-ipcountry',
});
const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * A page of the store at shop.example.com, opened by a browser.
 *
 * @param {string} path
 * @param {Record<string, string>} [headers]
 */
function visit(path, headers = {}) {
  return readVisit(
    { host: 'shop.example.com', 'user-agent': browser, ...headers },
    new URL(path, 'https://shop.example.com'),
  );
}

/** @param {import('./visits.js').Visit} kept The cookie a browser sends back. */
const cookieOf = (kept) => kept.cookie?.split(';')[0] ?? '';

describe('a visit', () => {
  it('knows the same countries as the seller center, so that no batch is refused for one', () => {
    expect([...countryCodes].sort()).toEqual([...sellerCenterCountries].sort());
  });

  it('keeps where it came from until another landing starts over', () => {
    const first = visit('/mina?utm_campaign=spring', { referer: 'https://m.blog.naver.com/x' });
    expect(first).toMatchObject({
      counted: true,
      attribution: { source: 'm.blog.naver.com', utmCampaign: 'spring' },
    });
    expect(first.cookie).toMatch(/; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax$/);
    // A link of the store's own: the same visit.
    const inside = visit('/mina/products/p1', {
      cookie: cookieOf(first),
      referer: 'https://shop.example.com/mina',
    });
    expect(inside.attribution).toEqual(first.attribution);
    // A link from another site: a new landing, nothing of the former kept.
    const again = visit('/mina/products/p1', {
      cookie: cookieOf(inside),
      referer: 'https://weibo.com/u/1',
    });
    expect(again.attribution).toEqual({ source: 'weibo.com' });
  });

  it('checks a kept cookie again, and clips texts to what the seller center takes', () => {
    const changed = Buffer.from(
      JSON.stringify({ source: 42, utmCampaign: 'x'.repeat(300), country: 'ZZ', own: 'yes' }),
    ).toString('base64url');
    const read = visit('/mina', { cookie: `theme=dark; visit=${changed}` });
    expect(read).toMatchObject({ counted: true, attribution: { utmCampaign: 'x'.repeat(200) } });
    expect(read.attribution).not.toHaveProperty('source');
    expect(read.attribution).not.toHaveProperty('country');
    expect(visit('/mina', { cookie: 'visit=%%%' }).attribution).toEqual({});
    expect(visit(`/mina?utm_source=${'y'.repeat(250)}`).attribution.utmSource).toHaveLength(200);
  });

  it('takes the country only from the proxy’s header, as a known code', () => {
    expect(visit('/mina', { 'cf-ipcountry': 'cn' }).attribution).toEqual({ country: 'CN' });
    expect(visit('/mina', { 'cf-ipcountry': 'T1' }).attribution).toEqual({});
    expect(visit('/mina', { 'accept-language': 'ko-KR' }).attribution).toEqual({});
  });
});

describe('the storefront’s package', () => {
  it('is installed by the repository’s npm install: the root asks for the same isbot', async () => {
    /** @param {string} path */
    const read = async (path) => JSON.parse(await readFile(new URL(path, import.meta.url), 'utf8'));
    const example = await read('../package.json');
    const root = await read('../../../package.json');
    expect(example.dependencies.isbot).toMatch(/^\^5\./);
    expect(root.devDependencies.isbot).toBe(example.dependencies.isbot);
  });
});
