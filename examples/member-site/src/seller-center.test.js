import { once } from 'node:events';
import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyInternalSignature } from '../../../apps/api/src/lib/internal-signature.ts';
import { createSellerCenter, SellerCenterError } from './seller-center.js';
import { startHttpPeer } from './testing/http-peer.js';

const secret = 'member-site-secret-member-site-secret';

/** @type {import('./testing/http-peer.js').Answer[]} answers of the next requests, in order */
let script = [];
/** @type {Awaited<ReturnType<typeof startHttpPeer>>} */
let peer;
/** @type {import('./testing/http-peer.js').Received[]} */
let received = [];
let baseUrl = '';
/** @type {number[]} */
let waits = [];

beforeAll(async () => {
  peer = await startHttpPeer();
  peer.answerWith(
    () => script.shift() ?? { status: 500, body: { error: 'unscripted', code: 'internal_error' } },
  );
  baseUrl = peer.url;
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.received.length = 0;
  received = peer.received;
  script = [];
  waits = [];
});

/** @param {string} [url] */
function client(url = baseUrl) {
  return createSellerCenter({
    baseUrl: url,
    secret,
    // Waits are recorded, not slept; no jitter, so that the doubling shows.
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 1,
    },
  });
}

const purchase = {
  orderId: 'order-1',
  productId: '0b6f5c1e-8a4b-4c0e-9a59-2d7a1f0e6b11',
  customerEmail: 'buyer@example.com',
  paymentMethod: 'card',
  amount: 16_560,
  purchasedAt: '2026-05-01T09:30:00.000Z',
};
const sale = {
  purchaseId: 'p1',
  orderId: 'order-1',
  amount: 16_560,
  purchasedAt: purchase.purchasedAt,
};

describe('signed calls', () => {
  it('send the JSON body with a signature of exactly those bytes', async () => {
    script = [{ status: 201, body: { sale } }];
    await expect(client().recordPurchase(purchase)).resolves.toEqual(sale);
    const [call] = received;
    expect(call?.method).toBe('POST');
    expect(call?.url).toBe('/api/internal/purchases');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call?.body ?? '')).toEqual(purchase);
    expect(
      verifyInternalSignature(secret, String(call?.headers['x-signature']), call?.body ?? ''),
    ).toBe('valid');
  });

  it('retry a purchase after 5xx answers and a cut connection, the same bytes signed anew, with doubling waits', async () => {
    script = [
      { status: 503, body: { error: 'down', code: 'service_unavailable' } },
      'reset',
      { status: 502 },
      { status: 200, body: { sale } },
    ];
    await expect(client().recordPurchase(purchase)).resolves.toEqual(sale);
    expect(received).toHaveLength(4);
    expect(new Set(received.map((call) => call.body)).size).toBe(1);
    for (const call of received) {
      expect(verifyInternalSignature(secret, String(call.headers['x-signature']), call.body)).toBe(
        'valid',
      );
    }
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('give up after four attempts with the last error', async () => {
    script = Array.from({ length: 4 }, () => ({
      status: 500,
      body: { error: 'x', code: 'internal_error' },
    }));
    const failure = client().recordPurchase(purchase);
    await expect(failure).rejects.toBeInstanceOf(SellerCenterError);
    await expect(failure).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    expect(received).toHaveLength(4);
  });

  it('do not retry a refusal: the code and status come back', async () => {
    script = [{ status: 409, body: { error: 'Order already recorded', code: 'conflict' } }];
    await expect(client().recordPurchase(purchase)).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    expect(received).toHaveLength(1);
  });

  it('follow a short Retry-After, and answer at once when it is longer than a buyer should wait', async () => {
    script = [
      {
        status: 429,
        body: { error: 'slow down', code: 'rate_limited' },
        headers: { 'retry-after': '2' },
      },
      { status: 201, body: { sale } },
    ];
    await expect(client().recordPurchase(purchase)).resolves.toEqual(sale);
    expect(waits).toEqual([2000]);

    script = [
      {
        status: 429,
        body: { error: 'slow down', code: 'rate_limited' },
        headers: { 'retry-after': '60' },
      },
    ];
    await expect(client().recordPurchase(purchase)).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

describe('deliveries, which count each success', () => {
  const delivery = {
    id: 'd1',
    orderId: 'order-1',
    fileId: 'f1',
    fileName: 'guide.pdf',
    size: 10,
    downloadUrl: '/storage/download/token',
    expiresAt: '2026-05-01T09:40:00.000Z',
    downloadsUsed: 1,
    downloadsLimit: 5,
  };

  it('are retried after a 503, which counted nothing', async () => {
    script = [
      { status: 503, body: { error: 'down', code: 'service_unavailable' } },
      { status: 201, body: { delivery } },
    ];
    await expect(client().requestDelivery({ orderId: 'order-1', fileId: 'f1' })).resolves.toEqual(
      delivery,
    );
    expect(received).toHaveLength(2);
  });

  it('are not retried after a 500 or a cut connection, which may have counted one', async () => {
    script = [{ status: 500, body: { error: 'x', code: 'internal_error' } }];
    await expect(
      client().requestDelivery({ orderId: 'order-1', fileId: 'f1' }),
    ).rejects.toMatchObject({
      status: 500,
    });
    script = ['reset'];
    await expect(client().requestDelivery({ orderId: 'order-1', fileId: 'f1' })).rejects.toThrow();
    expect(received).toHaveLength(2);
  });

  it('are retried when the connection is refused, which sent nothing', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const address = closed.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    closed.close();
    await once(closed, 'close');
    await expect(
      client(url).requestDelivery({ orderId: 'order-1', fileId: 'f1' }),
    ).rejects.toThrow();
    expect(waits).toHaveLength(3);
  });

  it('bring back the refusals the download page explains', async () => {
    script = [
      { status: 403, body: { error: 'No downloads left', code: 'download_limit_reached' } },
      { status: 409, body: { error: 'Refunded', code: 'sale_refunded' } },
    ];
    await expect(
      client().requestDelivery({ orderId: 'order-1', fileId: 'f1' }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'download_limit_reached',
    });
    await expect(
      client().requestDelivery({ orderId: 'order-1', fileId: 'f1' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'sale_refunded',
    });
  });
});

describe('catalog reads', () => {
  const page = { seller: { id: 's1', nickname: 'mina' }, products: [] };

  it('revalidate a stale page with If-None-Match, and keep it on a 304', async () => {
    script = [
      { status: 200, body: page, headers: { etag: '"v1"', 'cache-control': 'public, max-age=0' } },
      { status: 304, headers: { etag: '"v1"', 'cache-control': 'public, max-age=0' } },
    ];
    const sellerCenter = client();
    await expect(sellerCenter.creatorPage('mina')).resolves.toEqual(page);
    await expect(sellerCenter.creatorPage('mina')).resolves.toEqual(page);
    expect(received.map((call) => call.headers['if-none-match'])).toEqual([undefined, '"v1"']);
    expect(received[0]?.url).toBe('/api/public/sellers/mina');
  });

  it('use a fresh page without asking, for its max-age', async () => {
    script = [
      { status: 200, body: page, headers: { etag: '"v1"', 'cache-control': 'public, max-age=60' } },
    ];
    const sellerCenter = client();
    await sellerCenter.creatorPage('mina');
    await expect(sellerCenter.creatorPage('mina')).resolves.toEqual(page);
    expect(received).toHaveLength(1);
  });

  it('answer null for a 404, and encode what goes into the path', async () => {
    script = [{ status: 404, body: { error: 'Not found', code: 'not_found' } }];
    await expect(client().productPage('mi/na', '../x?y')).resolves.toBeNull();
    expect(received[0]?.url).toBe('/api/public/sellers/mi%2Fna/products/..%2Fx%3Fy');
  });

  it('keep showing a page seen before while the seller center fails', async () => {
    script = [
      { status: 200, body: page, headers: { etag: '"v1"', 'cache-control': 'public, max-age=0' } },
      ...Array.from({ length: 4 }, () => ({ status: 503 })),
    ];
    const sellerCenter = client();
    await sellerCenter.creatorPage('mina');
    await expect(sellerCenter.creatorPage('mina')).resolves.toEqual(page);
  });
});
