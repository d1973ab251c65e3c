import { describe, expect, it } from 'vitest';
import type { LoadRequest } from './lib/http-load.ts';
import { discountCode, memberSite } from './lib/shop.ts';

const size = { sellers: 10, productsPerSeller: 5, sales: 1000 };

interface SentPurchase {
  orderId: string;
  amount: number;
  listAmount?: number;
  discountCode?: string;
  buyerCountry?: string;
  buyerLocale?: string;
}

/** The requests of the stream until one matching `wanted` comes. */
function until(next: () => LoadRequest, wanted: (request: LoadRequest) => boolean): LoadRequest {
  for (let i = 0; i < 100; i++) {
    const request = next();
    if (wanted(request)) return request;
  }
  throw new Error('no such request in 100');
}

const isRedeem = (request: LoadRequest) => request.path === '/api/internal/discounts/redeem';

describe("the member site's purchases", () => {
  it('sends a discounted purchase only once its redeem is answered, for the price the hold gave', () => {
    const site = memberSite('secret', size);
    const next = site.purchases();
    const redeem = until(next, isRedeem);
    const asked = JSON.parse(redeem.body ?? '') as { orderId: string; amount: number };
    expect(redeem.label).toBe('purchase: code redeem');
    expect(JSON.parse(redeem.body ?? '')).toMatchObject({ code: discountCode });

    redeem.check?.(
      201,
      JSON.stringify({ redemption: { orderId: asked.orderId, finalAmount: asked.amount - 7 } }),
    );
    const purchase = next();
    const sent = JSON.parse(purchase.body ?? '') as SentPurchase;
    expect(purchase.path).toBe('/api/internal/purchases');
    expect(sent).toMatchObject({
      orderId: asked.orderId,
      amount: asked.amount - 7,
      listAmount: asked.amount,
      discountCode,
    });
    purchase.check?.(201, '{}');
    expect(site.discounted.has(asked.orderId)).toBe(true);
    expect(site.redeemed).toBe(1);
  });

  it('buys at the full price, without the code, when the redeem is refused', () => {
    const site = memberSite('secret', size);
    const next = site.purchases();
    const redeem = until(next, isRedeem);
    const asked = JSON.parse(redeem.body ?? '') as { orderId: string; amount: number };
    redeem.check?.(409, JSON.stringify({ code: 'discount_used_up' }));
    const sent = JSON.parse(next().body ?? '') as SentPurchase;
    expect(sent.orderId).toBe(asked.orderId);
    expect(sent.amount).toBe(asked.amount);
    expect(sent.discountCode).toBeUndefined();
    expect(site.discounted.size).toBe(0);
  });

  it("redeems for one purchase in five, each with the buyer's country and its language", () => {
    const site = memberSite('secret', size);
    const next = site.purchases();
    let redeems = 0;
    for (let i = 0; i < 100; i++) {
      const request = next();
      if (isRedeem(request)) {
        redeems++;
        continue;
      }
      const sent = JSON.parse(request.body ?? '') as SentPurchase;
      expect(sent.buyerCountry).toMatch(/^[A-Z]{2}$/);
      expect(['ko', 'zh', 'ja', 'en', 'fr', 'tr']).toContain(sent.buyerLocale);
    }
    expect(redeems).toBe(20);
  });
});

describe("the member site's view batches", () => {
  it('sends every view once, summed per product, day, source, campaign and country', () => {
    const site = memberSite('secret', size);
    const batch = site.viewBatches(1000)();
    const { views } = JSON.parse(batch.body ?? '') as {
      views: { productId: string; count: number; day: string; source?: string }[];
    };
    expect(views.reduce((sum, item) => sum + item.count, 0)).toBe(1000);
    const keys = views.map((item) => JSON.stringify({ ...item, count: 0 }));
    expect(new Set(keys).size).toBe(views.length);
    expect(views.every((item) => /^\d{4}-\d{2}-\d{2}$/.test(item.day))).toBe(true);
    expect(views.some((item) => item.source !== undefined)).toBe(true);
    expect(views.length).toBeLessThanOrEqual(1000);
    batch.check?.(202, JSON.stringify({ accepted: views.length, unknown: 0 }));
    expect(site.batchedViews).toMatchObject({ sent: 1000, acknowledged: 1000 });
  });
});
