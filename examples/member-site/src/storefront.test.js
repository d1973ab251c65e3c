import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyInternalSignature } from '../../../apps/api/src/lib/internal-signature.ts';
import { createOrderBook } from './orders.js';
import { createSellerCenter } from './seller-center.js';
import { createStorefront } from './storefront.js';
import { startHttpPeer } from './testing/http-peer.js';
import { createViewCounter } from './view-counter.js';
import { createVisitReader } from './visits.js';

/**
 * The storefront's routes over HTTP, with a real HTTP peer in the seller center's place: what
 * it asks of the seller center and what the buyer sees when the seller center answers each way.
 * (The browser tests run it against the real seller center: e2e/member-site.e2e.ts.)
 */

const secret = 'member-site-secret-member-site-secret';
const productId = '0b6f5c1e-8a4b-4c0e-9a59-2d7a1f0e6b11';
const productPage = {
  seller: { id: 's1', nickname: 'mina', avatarUrl: null },
  product: {
    id: productId,
    title: 'Seoul walks',
    description: '',
    price: 12,
    thumbnail_url: null,
    file_count: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  files: [
    {
      id: 'f1',
      file_original_name: 'walks.pdf',
      file_extension: 'pdf',
      file_size: 2048,
      file_type: 'application/pdf',
      version: 1,
      versionLabel: null,
      is_sample: false,
      sample_pages: 0,
    },
  ],
  thumbnails: [],
  samples: [],
};
/** The seller center's check of a 10 % code on the product's ₩16,560. */
const tenPercentOff = {
  discount: { code: 'SEOUL10', kind: 'percent', percent: 10, amount: null },
  discountAmount: 1656,
  finalAmount: 14_904,
};
const delivery = {
  id: 'd1',
  orderId: '',
  fileId: 'f1',
  fileName: 'walks.pdf',
  size: 2048,
  downloadUrl: '/storage/download/token',
  expiresAt: '2026-01-01T00:10:00.000Z',
  downloadsUsed: 1,
  downloadsLimit: 2,
};

/** @type {Awaited<ReturnType<typeof startHttpPeer>>} */
let sellerCenter;
/** @type {import('node:http').Server} */
let storefront;
let storefrontUrl = '';
/** @type {{ status: number, body?: unknown }[]} answers to the next purchases, in order */
let purchaseAnswers = [];
/** @type {{ status: number, body?: unknown }[]} answers to the next deliveries, in order */
let deliveryAnswers = [];
/** @type {{ status: number, body?: unknown }[]} answers to the next code checks, in order */
let validateAnswers = [];
/** @type {{ status: number, body?: unknown }[]} answers to the next code holds, in order */
let redeemAnswers = [];
/** @type {string[]} */
const logged = [];
/** @type {import('./view-counter.js').ViewCounter} */
let views;

beforeAll(async () => {
  sellerCenter = await startHttpPeer();
  sellerCenter.answerWith((request) => {
    if (request.url === `/api/public/sellers/mina/products/${productId}`) {
      return { status: 200, body: productPage };
    }
    if (request.url === '/api/internal/purchases') {
      const body = JSON.parse(request.body);
      return (
        purchaseAnswers.shift() ?? { status: 201, body: { sale: { ...body, purchaseId: 'p1' } } }
      );
    }
    if (request.url === '/api/internal/deliveries') {
      return deliveryAnswers.shift() ?? { status: 201, body: { delivery } };
    }
    if (request.url === '/api/internal/discounts/validate') {
      return validateAnswers.shift() ?? { status: 200, body: tenPercentOff };
    }
    if (request.url === '/api/internal/discounts/redeem') {
      const { orderId } = JSON.parse(request.body);
      return (
        redeemAnswers.shift() ?? {
          status: 201,
          body: {
            redemption: {
              orderId,
              code: 'SEOUL10',
              discountAmount: 1656,
              finalAmount: 14_904,
              expiresAt: '2026-01-01T00:30:00.000Z',
            },
          },
        }
      );
    }
    if (
      request.method === 'DELETE' &&
      request.url.startsWith('/api/internal/discounts/redemptions/')
    ) {
      return { status: 204 };
    }
    return { status: 404, body: { error: 'Not found', code: 'not_found' } };
  });
  const client = createSellerCenter({
    baseUrl: sellerCenter.url,
    secret,
    retry: { sleep: async () => {} },
  });
  views = createViewCounter({ send: (batch) => client.recordViews(batch) });
  storefront = createStorefront({
    config: {
      sellerCenterUrl: sellerCenter.url,
      internalApiSecret: secret,
      port: 0,
      host: '127.0.0.1',
      krwPerUsd: 1380,
      countryHeader: 'cf-ipcountry',
      timeZone: 'Asia/Seoul',
    },
    sellerCenter: client,
    orders: createOrderBook(),
    views,
    readVisit: createVisitReader({
      sellerCenterUrl: sellerCenter.url,
      countryHeader: 'cf-ipcountry',
    }),
    log: (message) => logged.push(message),
  });
  storefront.listen(0, '127.0.0.1');
  await once(storefront, 'listening');
  const address = storefront.address();
  storefrontUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  storefront.closeAllConnections();
  storefront.close();
  sellerCenter.close();
});
beforeEach(() => {
  sellerCenter.received.length = 0;
  purchaseAnswers = [];
  deliveryAnswers = [];
  validateAnswers = [];
  redeemAnswers = [];
  logged.length = 0;
});

/**
 * Posts a form to the storefront, as the page's form does; the answer is not followed.
 *
 * @param {string} path
 * @param {Record<string, string>} [fields]
 */
function post(path, fields = {}) {
  return fetch(`${storefrontUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** @param {Record<string, string>} fields */
async function buy(fields) {
  return post(`/mina/products/${productId}/buy`, fields);
}

/** @param {string} url */
const callsTo = (url) => sellerCenter.received.filter((request) => request.url === url);
const purchaseCalls = () => callsTo('/api/internal/purchases');
const releaseCalls = () =>
  sellerCenter.received.filter((request) =>
    request.url.startsWith('/api/internal/discounts/redemptions/'),
  );

describe('buying', () => {
  it('reports the sale at the catalog’s price, signed, and sends the buyer to the order page', async () => {
    const answer = await buy({
      email: ' buyer@example.com ',
      paymentMethod: 'kakaopay',
      amount: '1',
    });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    expect(location).toMatch(/^\/my-orders\/order-[0-9a-f-]{36}$/);
    const [call] = purchaseCalls();
    expect(JSON.parse(call?.body ?? '')).toEqual({
      orderId: decodeURIComponent(location.split('/').pop() ?? ''),
      productId,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'kakaopay',
      amount: 16_560,
      purchasedAt: expect.any(String),
      buyerLocale: 'en',
    });
    expect(
      verifyInternalSignature(secret, String(call?.headers['x-signature']), call?.body ?? ''),
    ).toBe('valid');
    const page = await (await fetch(`${storefrontUrl}${location}`)).text();
    expect(page).toContain('Your downloads');
    expect(page).toContain('walks.pdf');
  });

  it('keeps an order the seller center could not take yet, and reports it again as the same call', async () => {
    purchaseAnswers = Array.from({ length: 4 }, () => ({
      status: 503,
      body: { error: 'down', code: 'service_unavailable' },
    }));
    const answer = await buy({ email: 'buyer@example.com', paymentMethod: 'card' });
    const location = answer.headers.get('location') ?? '';
    expect(answer.status).toBe(303);
    expect(await (await fetch(`${storefrontUrl}${location}`)).text()).toContain(
      'we are still telling the seller',
    );

    const again = await post(`${location}/report`);
    expect(again.status).toBe(303);
    const calls = purchaseCalls();
    expect(calls).toHaveLength(5);
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
    expect(await (await fetch(`${storefrontUrl}${location}`)).text()).toContain('Your downloads');
  });

  it('refuses a bad address or method before any call, and an order the seller center refuses', async () => {
    for (const fields of [
      { email: 'not an address', paymentMethod: 'card' },
      { email: 'buyer@example.com', paymentMethod: 'cash' },
    ]) {
      const answer = await buy(fields);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('role="alert"');
    }
    expect(purchaseCalls()).toHaveLength(0);

    purchaseAnswers = [{ status: 400, body: { error: 'Invalid', code: 'validation_failed' } }];
    const refused = await buy({ email: 'buyer@example.com', paymentMethod: 'card' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('refused this order (validation_failed)');
  });
});

describe('discount codes', () => {
  /** Every refusal of a code, as the seller center answers it, and what the buyer reads. */
  const refusals = [
    [404, 'discount_not_found', 'There is no discount code “seoul10”. Check how it is spelled.'],
    [409, 'discount_inactive', 'The code “seoul10” cannot be used at this time'],
    [409, 'discount_used_up', 'The code “seoul10” has been used as many times as it may be.'],
    [409, 'discount_not_applicable', 'The code “seoul10” does not apply to this product.'],
    [409, 'discount_below_minimum', 'The code “seoul10” applies only to a higher price.'],
  ];

  it('shows the price a code gives, checked at the catalog’s price, holding nothing', async () => {
    const answer = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'naverpay',
      discountCode: ' seoul10 ',
      intent: 'apply',
    });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain(
      'Code SEOUL10: ₩1,656 off. You pay <strong>₩14,904</strong> instead of ₩16,560.',
    );
    expect(page).toContain('>Pay ₩14,904</button>');
    // The form keeps what the buyer filled in.
    expect(page).toContain('value="seoul10"');
    expect(page).toContain('value="buyer@example.com"');
    expect(page).toMatch(/value="naverpay" checked/);
    const [call] = callsTo('/api/internal/discounts/validate');
    expect(JSON.parse(call?.body ?? '')).toEqual({ productId, code: 'seoul10', amount: 16_560 });
    expect(
      verifyInternalSignature(secret, String(call?.headers['x-signature']), call?.body ?? ''),
    ).toBe('valid');
    expect(callsTo('/api/internal/discounts/redeem')).toHaveLength(0);
    expect(purchaseCalls()).toHaveLength(0);
  });

  it('says in words why a code does not apply, when it is applied and when the buyer pays', async () => {
    for (const [status, code, text] of refusals) {
      validateAnswers = [{ status: Number(status), body: { error: 'refused', code } }];
      const applied = await buy({ discountCode: 'seoul10', intent: 'apply' });
      expect(applied.status).toBe(400);
      const page = await applied.text();
      expect(page).toContain(String(text));
      expect(page).toContain('>Pay ₩16,560</button>');

      redeemAnswers = [{ status: Number(status), body: { error: 'refused', code } }];
      const paid = await buy({
        email: 'buyer@example.com',
        paymentMethod: 'card',
        discountCode: 'seoul10',
      });
      expect(paid.status).toBe(400);
      expect(await paid.text()).toContain(String(text));
    }
    // Refused codes record no sale and hold nothing to free.
    expect(purchaseCalls()).toHaveLength(0);
    expect(releaseCalls()).toHaveLength(0);
  });

  it('asks for a code to apply, and calls nothing for a code longer than any', async () => {
    const empty = await buy({ discountCode: ' ', intent: 'apply' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Enter a discount code.');
    const long = await buy({ discountCode: 'X'.repeat(65), intent: 'apply' });
    expect(await long.text()).toContain('There is no discount code');
    expect(sellerCenter.received.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('holds a use for the order, then reports the sale with the code, the list price and what was paid', async () => {
    const answer = await buy({
      email: 'buyer@example.com',
      buyerName: ' Kim Minji ',
      paymentMethod: 'card',
      discountCode: 'seoul10',
    });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location') ?? '';
    const orderId = decodeURIComponent(location.split('/').pop() ?? '');
    const [hold] = callsTo('/api/internal/discounts/redeem');
    expect(JSON.parse(hold?.body ?? '')).toEqual({
      orderId,
      productId,
      code: 'seoul10',
      amount: 16_560,
    });
    expect(
      verifyInternalSignature(secret, String(hold?.headers['x-signature']), hold?.body ?? ''),
    ).toBe('valid');
    const [purchase] = purchaseCalls();
    expect(JSON.parse(purchase?.body ?? '')).toEqual({
      orderId,
      productId,
      customerEmail: 'buyer@example.com',
      paymentMethod: 'card',
      amount: 14_904,
      listAmount: 16_560,
      discountCode: 'SEOUL10',
      purchasedAt: expect.any(String),
      buyerName: 'Kim Minji',
      buyerLocale: 'en',
    });
    expect(releaseCalls()).toHaveLength(0);
    expect(await (await fetch(`${storefrontUrl}${location}`)).text()).toContain(
      '₩14,904 paid with Card, the code SEOUL10 taking ₩1,656 off ₩16,560',
    );
  });

  it('frees the held use when the payment is declined, and records no sale', async () => {
    const answer = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'card',
      discountCode: 'seoul10',
      testPayment: 'decline',
    });
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain('Your payment was declined, so nothing was charged.');
    const [hold] = callsTo('/api/internal/discounts/redeem');
    const { orderId } = JSON.parse(hold?.body ?? '');
    const [release] = releaseCalls();
    expect(release?.method).toBe('DELETE');
    expect(release?.url).toBe(`/api/internal/discounts/redemptions/${orderId}`);
    // No body, signed over the empty string.
    expect(release?.body).toBe('');
    expect(release?.headers['content-type']).toBeUndefined();
    expect(verifyInternalSignature(secret, String(release?.headers['x-signature']), '')).toBe(
      'valid',
    );
    expect(purchaseCalls()).toHaveLength(0);
    expect((await fetch(`${storefrontUrl}/my-orders/${orderId}`)).status).toBe(404);

    // Declined without a code: nothing to free.
    sellerCenter.received.length = 0;
    const plain = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'card',
      testPayment: 'decline',
    });
    expect(plain.status).toBe(402);
    expect(sellerCenter.received.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('frees the held use when the seller center refuses the sale, or cannot be reached to hold it', async () => {
    purchaseAnswers = [{ status: 400, body: { error: 'Invalid', code: 'validation_failed' } }];
    const refused = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'card',
      discountCode: 'seoul10',
    });
    expect(refused.status).toBe(400);
    expect(releaseCalls()).toHaveLength(1);

    sellerCenter.received.length = 0;
    redeemAnswers = Array.from({ length: 4 }, () => ({
      status: 503,
      body: { error: 'down', code: 'service_unavailable' },
    }));
    const unreachable = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'card',
      discountCode: 'seoul10',
    });
    expect(unreachable.status).toBe(502);
    const [hold] = callsTo('/api/internal/discounts/redeem');
    const { orderId } = JSON.parse(hold?.body ?? '');
    expect(releaseCalls().map((call) => call.url)).toEqual([
      `/api/internal/discounts/redemptions/${orderId}`,
    ]);
    expect(purchaseCalls()).toHaveLength(0);
  });

  it('records a free copy as a sale of 0 won, charging nothing', async () => {
    const free = {
      discount: { code: 'GIFT', kind: 'percent', percent: 100, amount: null },
      discountAmount: 16_560,
      finalAmount: 0,
    };
    validateAnswers = [{ status: 200, body: free }];
    const applied = await buy({ discountCode: 'gift', intent: 'apply' });
    const page = await applied.text();
    expect(page).toContain('Code GIFT: ₩16,560 off. Your copy is free.');
    expect(page).toContain('>Get it free</button>');

    redeemAnswers = [
      {
        status: 201,
        body: {
          redemption: {
            orderId: 'ignored',
            code: 'GIFT',
            discountAmount: 16_560,
            finalAmount: 0,
            expiresAt: '2026-01-01T00:30:00.000Z',
          },
        },
      },
    ];
    // Nothing is charged, so there is no payment to decline.
    const answer = await buy({
      email: 'buyer@example.com',
      paymentMethod: 'card',
      discountCode: 'gift',
      testPayment: 'decline',
    });
    expect(answer.status).toBe(303);
    const [purchase] = purchaseCalls();
    expect(JSON.parse(purchase?.body ?? '')).toMatchObject({
      amount: 0,
      listAmount: 16_560,
      discountCode: 'GIFT',
    });
    expect(releaseCalls()).toHaveLength(0);
    const location = answer.headers.get('location') ?? '';
    expect(await (await fetch(`${storefrontUrl}${location}`)).text()).toContain(
      'free with the code GIFT',
    );
  });

  it('refuses a name longer than the seller center keeps, before any call', async () => {
    const answer = await buy({
      email: 'buyer@example.com',
      buyerName: 'N'.repeat(101),
      paymentMethod: 'card',
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Your name can be at most 100 characters long.');
    expect(sellerCenter.received.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

describe('downloading', () => {
  /** An order made through the storefront: its page's path. */
  async function order() {
    const answer = await buy({ email: 'buyer@example.com', paymentMethod: 'card' });
    return answer.headers.get('location') ?? '';
  }

  it('sends the browser to the delivery’s link, made absolute on the seller center', async () => {
    const path = await order();
    const answer = await post(`${path}/files/f1/download`);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${sellerCenter.url}/storage/download/token`);
    const [call] = sellerCenter.received.filter(
      (request) => request.url === '/api/internal/deliveries',
    );
    expect(JSON.parse(call?.body ?? '')).toEqual({
      orderId: decodeURIComponent(path.split('/').pop() ?? ''),
      fileId: 'f1',
    });
    expect(await (await fetch(`${storefrontUrl}${path}`)).text()).toContain(
      '1 of 2 downloads used',
    );
  });

  it('says in words why a download was refused', async () => {
    const path = await order();
    await post(`${path}/files/f1/download`);
    const cases = [
      [403, 'download_limit_reached', 'you have used all 2 downloads of “walks.pdf”'],
      [409, 'sale_refunded', 'This order was refunded'],
      [404, 'not_found', '“walks.pdf” is no longer part of this product.'],
      [500, 'internal_error', 'the seller center did not answer'],
    ];
    for (const [status, code, text] of cases) {
      deliveryAnswers = [{ status: Number(status), body: { error: 'refused', code } }];
      const answer = await post(`${path}/files/f1/download`);
      expect(answer.status).toBe(Number(status) === 500 ? 502 : status);
      expect(await answer.text()).toContain(text);
    }
  });

  it('answers 404 for an order it does not know', async () => {
    expect((await fetch(`${storefrontUrl}/my-orders/order-unknown`)).status).toBe(404);
    expect((await post('/my-orders/order-unknown/files/f1/download')).status).toBe(404);
  });
});

describe('every page', () => {
  it('carries a policy that allows no script, and keeps the order pages out of caches', async () => {
    const home = await fetch(`${storefrontUrl}/`);
    expect(home.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(home.headers.get('content-security-policy')).not.toContain('script-src');
    expect(home.headers.get('referrer-policy')).toBe('no-referrer');
    const path = (await buy({ email: 'buyer@example.com', paymentMethod: 'card' })).headers.get(
      'location',
    );
    expect((await fetch(`${storefrontUrl}${path}`)).headers.get('cache-control')).toBe('no-store');
  });
});

/** A phone's browser, as buyers' visits carry. */
const browser =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const productAddress = `/mina/products/${productId}`;

/**
 * Opens a page of the storefront as a browser does; answers the visit cookie it set (if any).
 *
 * @param {string} path
 * @param {Record<string, string>} headers
 */
async function open(path, headers = {}) {
  const answer = await fetch(`${storefrontUrl}${path}`, {
    headers: { 'user-agent': browser, ...headers },
  });
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** The items of the view batches sent since the test began. */
async function sentViews() {
  await views.flush();
  return sellerCenter.received
    .filter((request) => request.url === '/api/internal/views')
    .flatMap((request) => JSON.parse(request.body).views);
}

/** Today in Seoul, as the batches carry it. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

describe('where views and sales come from', () => {
  it('does not count a bot’s visit', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      '',
    ]) {
      const answer = await fetch(`${storefrontUrl}${productAddress}`, {
        headers: { 'user-agent': userAgent, referer: 'https://www.naver.com/' },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(await sentViews()).toEqual([]);
  });

  it('does not count the seller’s own visit: from the seller center, or opened with ?preview', async () => {
    const fromSellerCenter = await open(productAddress, {
      referer: `${sellerCenter.url}/products/${productId}`,
    });
    // The rest of that visit is the seller's too.
    await open(productAddress, { cookie: fromSellerCenter });
    const preview = await open(`${productAddress}?preview`);
    await open(productAddress, { cookie: preview });
    expect(await sentViews()).toEqual([]);

    // Another browser's visit counts.
    await open(productAddress);
    expect(await sentViews()).toEqual([{ productId, day: today(), count: 1 }]);
  });

  it('sends the source, UTM fields and country of a visit from naver.com with its views and its purchase', async () => {
    const visit = await open(
      `${productAddress}?utm_source=naver&utm_medium=blog&utm_campaign=chuseok`,
      { referer: 'https://www.naver.com/', 'cf-ipcountry': 'KR' },
    );
    // A later page of the same visit: no referrer, no UTM fields, the same source.
    await open(productAddress, { cookie: visit, 'cf-ipcountry': 'KR' });
    const fromNaver = {
      source: 'www.naver.com',
      utmSource: 'naver',
      utmMedium: 'blog',
      utmCampaign: 'chuseok',
    };
    expect(await sentViews()).toEqual([
      { productId, day: today(), ...fromNaver, country: 'KR', count: 2 },
    ]);

    const answer = await fetch(`${storefrontUrl}${productAddress}/buy`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': browser,
        cookie: visit,
        'cf-ipcountry': 'KR',
      },
      body: new URLSearchParams({
        email: 'minji@example.com',
        paymentMethod: 'naverpay',
        marketingConsent: 'yes',
      }).toString(),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const [call] = purchaseCalls();
    expect(JSON.parse(call?.body ?? '')).toMatchObject({
      ...fromNaver,
      buyerCountry: 'KR',
      buyerLocale: 'en',
      marketingConsent: true,
    });
  });

  it('tells no country without the proxy’s header, and none the seller center would refuse', async () => {
    await open(productAddress, { referer: 'https://weibo.cn/', 'cf-ipcountry': 'XX' });
    await open(productAddress, { referer: 'https://weibo.cn/' });
    expect(await sentViews()).toEqual([{ productId, day: today(), source: 'weibo.cn', count: 2 }]);
  });
});
