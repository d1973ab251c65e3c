import { randomUUID } from 'node:crypto';
import type { RecordProductViewsBody } from '@seller/contract/sales/record-product-views';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  products,
  productViewsDaily,
  sellerProductViewsDaily,
  sellerViewsDaily,
} from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-values.ts';
import { addDays, localDayOf } from '../../lib/local-day.ts';
import { insertProduct, productCounters, sellerIdByEmail } from '../../test/database-rows.ts';
import { internalSecret, signedPost } from '../../test/member-site-calls.ts';
import { signUpSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPurchaseRepository } from './purchases.repository.ts';

let t: TestApp;
let sellerId: string;

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  const seller = await signUpSeller(t.app);
  sellerId = await sellerIdByEmail(t.database.db, seller.email);
});
afterAll(async () => {
  await t.close();
});

const viewsUrl = '/api/internal/views';
const send = (body: unknown, options?: Parameters<typeof signedPost>[3]) =>
  signedPost(t.app, viewsUrl, body, options);
const viewsOf = async (productId: string) =>
  (await productCounters(t.database.db, productId)).viewCount;

describe('POST /api/internal/views', () => {
  it("adds each item's count to its product and answers 202 with what was accepted", async () => {
    const [a, b] = [
      await insertProduct(t.database.db, sellerId),
      await insertProduct(t.database.db, sellerId),
    ];
    const response = await send({
      views: [
        { productId: a, count: 3 },
        { productId: b, count: 100_000 },
      ],
    } satisfies RecordProductViewsBody);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 2, unknown: 0 });
    expect(await viewsOf(a)).toBe(3);
    expect(await viewsOf(b)).toBe(100_000);

    // Added to what is there, and to what the one-view call adds.
    const one = await signedPost(t.app, `/api/internal/products/${a}/views`, {});
    expect(one.json()).toEqual({ productId: a, viewCount: 4 });
    await send({ views: [{ productId: a, count: 6 }] });
    expect(await viewsOf(a)).toBe(10);
  });

  it('sums the items of one product', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const response = await send({
      views: [
        { productId: product, count: 2 },
        { productId: product, count: 5 },
      ],
    });
    expect(response.json()).toEqual({ accepted: 2, unknown: 0 });
    expect(await viewsOf(product)).toBe(7);
  });

  it('skips unknown and deleted products and counts them in unknown, not an error', async () => {
    const live = await insertProduct(t.database.db, sellerId);
    const inactive = await insertProduct(t.database.db, sellerId, { status: 'inactive' });
    const deleted = await insertProduct(t.database.db, sellerId, { status: 'deleted' });
    const response = await send({
      views: [
        { productId: randomUUID(), count: 4 },
        { productId: live, count: 1 },
        { productId: deleted, count: 9 },
        { productId: inactive, count: 2 },
        { productId: randomUUID(), count: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 2, unknown: 3 });
    expect(await viewsOf(live)).toBe(1);
    expect(await viewsOf(inactive)).toBe(2);
    expect(await viewsOf(deleted)).toBe(0);

    const nothingKnown = await send({ views: [{ productId: randomUUID(), count: 1 }] });
    expect(nothingKnown.statusCode).toBe(202);
    expect(nothingKnown.json()).toEqual({ accepted: 0, unknown: 1 });
  });

  it('takes 1,000 items and stops a count at the largest the column holds', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 10; index++) ids.push(await insertProduct(t.database.db, sellerId));
    const views = Array.from({ length: 1000 }, (_, index) => ({
      productId: ids[index % ids.length] ?? '',
      count: 100_000,
    }));
    const response = await send({ views });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 1000, unknown: 0 });
    expect(await viewsOf(ids[0] ?? '')).toBe(100 * 100_000);

    const [nearlyFull] = ids;
    await t.database.db
      .update(products)
      .set({ viewCount: 2_147_000_000 })
      .where(eq(products.id, nearlyFull ?? ''));
    const capped = await send({ views: views.slice(0, 100) });
    expect(capped.statusCode, capped.body).toBe(202);
    expect(await viewsOf(nearlyFull ?? '')).toBe(2_147_483_647);
  });

  it('writes the whole batch in one statement', async () => {
    let statements = 0;
    const counted = {
      ...t.database,
      statements: {
        ...t.database.statements,
        prepare: ((name, query, read) => {
          const run = t.database.statements.prepare(name, query, read);
          return (values: Record<string, unknown>) => {
            statements++;
            return run(values);
          };
        }) as typeof t.database.statements.prepare,
      },
    };
    const repository = createPurchaseRepository(counted, t.config.timeZone);
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push(await insertProduct(t.database.db, sellerId));
    const accepted = await repository.addViewBatch(
      Array.from({ length: 1000 }, (_, index) => ({
        productId: index % 2 === 0 ? (ids[index % ids.length] ?? '') : randomUUID(),
        count: 1,
        day: null,
        source: index % 3 === 0 ? 'Naver' : '',
        campaign: '',
        country: index % 4 === 0 ? 'KR' : '',
      })),
      new Date(),
    );
    expect(accepted).toBe(500);
    expect(statements).toBe(1);
  });

  it('refuses a body outside the limits with 400 validation_failed and writes nothing', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const item = { productId: product, count: 1 };
    for (const body of [
      {},
      { views: [] },
      { views: Array.from({ length: 1001 }, () => item) },
      { views: [{ productId: product, count: 0 }] },
      { views: [{ productId: product, count: 100_001 }] },
      { views: [{ productId: product, count: 1.5 }] },
      { views: [{ productId: product, count: '1' }] },
      { views: [{ productId: 'not-a-uuid', count: 1 }] },
      { views: [item, { productId: product }] },
      { views: item },
    ]) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: expect.any(Array),
      });
    }
    expect(await viewsOf(product)).toBe(0);
  });

  it('refuses an unsigned, wrongly signed or stale batch with 401', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const body = { views: [{ productId: product, count: 1 }] };
    expect((await send(body, { signature: null })).statusCode).toBe(401);
    expect(
      (await send(body, { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }))
        .statusCode,
    ).toBe(401);
    expect((await send(body, { timestamp: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(
      401,
    );
    expect(await viewsOf(product)).toBe(0);
  });
});

describe('views by day, source, campaign and country', () => {
  const bucketsOf = (productId: string) =>
    t.database.db
      .select({
        day: productViewsDaily.day,
        source: productViewsDaily.source,
        campaign: productViewsDaily.campaign,
        country: productViewsDaily.country,
        views: productViewsDaily.views,
        sellerId: productViewsDaily.sellerId,
      })
      .from(productViewsDaily)
      .where(eq(productViewsDaily.productId, productId))
      .orderBy(
        asc(productViewsDaily.day),
        asc(productViewsDaily.source),
        asc(productViewsDaily.campaign),
        asc(productViewsDaily.country),
      );
  const today = () => localDayOf(new Date(), t.config.timeZone);

  it('counts each item in its bucket under the source name, summed, beside the total', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    const yesterday = addDays(today(), -1);
    const response = await send({
      views: [
        {
          productId: product,
          count: 2,
          day: yesterday,
          source: 'm.search.naver.com',
          country: 'kr',
        },
        { productId: product, count: 3, day: yesterday, source: 'naver', country: 'KR' },
        {
          productId: product,
          count: 4,
          utmSource: 'weibo',
          utmMedium: 'social',
          utmCampaign: 'spring',
          country: 'CN',
        },
        {
          productId: product,
          count: 5,
          source: 'https://t.co/xyz',
          utmSource: 'weibo',
          utmCampaign: 'spring',
        },
        { productId: product, count: 6, source: 'blog.example.org' },
        { productId: product, count: 1 },
      ],
    } satisfies RecordProductViewsBody);
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ accepted: 6, unknown: 0 });
    expect(await viewsOf(product)).toBe(21);
    const bucket = (
      day: string,
      source: string,
      campaign: string,
      country: string,
      views: number,
    ) => ({
      day,
      source,
      campaign,
      country,
      views,
      sellerId,
    });
    expect(await bucketsOf(product)).toEqual(
      [
        bucket(yesterday, 'Naver', '', 'KR', 5),
        bucket(today(), '', '', '', 1),
        bucket(today(), 'Weibo', 'spring', 'CN', 4),
        bucket(today(), 'X', 'spring', '', 5),
        bucket(today(), 'blog.example.org', '', '', 6),
      ].sort((a, b) => (a.day + a.source < b.day + b.source ? -1 : 1)),
    );

    // A later batch adds to the buckets there; the one-view call counts in today's plain one.
    await send({
      views: [
        { productId: product, count: 10, day: yesterday, source: 'naver.com', country: 'KR' },
      ],
    });
    const one = await signedPost(t.app, `/api/internal/products/${product}/views`, {});
    expect(one.json()).toEqual({ productId: product, viewCount: 32 });
    const after = await bucketsOf(product);
    expect(after.find((row) => row.day === yesterday)?.views).toBe(15);
    expect(after.find((row) => row.day === today() && row.source === '')?.views).toBe(2);
  });

  it('counts no bucket for an unknown or deleted product', async () => {
    const deleted = await insertProduct(t.database.db, sellerId, { status: 'deleted' });
    const response = await send({ views: [{ productId: deleted, count: 3, source: 'naver.com' }] });
    expect(response.json()).toEqual({ accepted: 0, unknown: 1 });
    expect(await bucketsOf(deleted)).toEqual([]);
  });

  it('refuses a day in the future or before 2000, a bad day or country, and counts nothing', async () => {
    const product = await insertProduct(t.database.db, sellerId);
    for (const item of [
      { day: addDays(today(), 1) },
      { day: '1999-12-31' },
      { day: '2026-02-30' },
      { day: '20260101' },
      { country: 'XX' },
      { country: 'KOR' },
      { utmCampaign: 'c'.repeat(201) },
    ]) {
      const response = await send({
        views: [
          { productId: product, count: 1 },
          { productId: product, count: 1, ...item },
        ],
      });
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        details: [expect.objectContaining({ path: expect.stringMatching(/^views\.1\./) })],
      });
    }
    expect(await viewsOf(product)).toBe(0);
    expect(await bucketsOf(product)).toEqual([]);
  });
});

describe("the seller's view sums", () => {
  /** The seller's sums as stored, and as summed from the product buckets, in one order. */
  async function sumsAndBuckets(seller: string) {
    const rows = async (query: SQL) => rowsOf(await t.database.db.execute(query));
    const byProduct = sql`seller_id, day::text, product_id`;
    return {
      bySource: await rows(
        sql`select seller_id, dimension, day::text, value, views from ${sellerViewsDaily}
            where seller_id = ${seller} order by 1, 2, 3, 4`,
      ),
      bySourceFromBuckets: await rows(
        sql`select b.seller_id, d.dimension, b.day::text, d.value, sum(b.views)::bigint as views
            from ${productViewsDaily} b cross join lateral (
              values ('source', b.source), ('campaign', b.campaign), ('country', b.country)
            ) d(dimension, value)
            where b.seller_id = ${seller} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
      ),
      byProduct: await rows(
        sql`select ${byProduct}, views from ${sellerProductViewsDaily} where seller_id = ${seller} order by 1, 2, 3`,
      ),
      byProductFromBuckets: await rows(
        sql`select ${byProduct}, sum(views)::bigint as views from ${productViewsDaily}
            where seller_id = ${seller} group by 1, 2, 3 order by 1, 2, 3`,
      ),
    };
  }

  it('equal the buckets after batches and single views, and after a rebuild', async () => {
    const seller = await signUpSeller(t.app);
    const owner = await sellerIdByEmail(t.database.db, seller.email);
    const [a, b] = [
      await insertProduct(t.database.db, owner),
      await insertProduct(t.database.db, owner),
    ];
    const yesterday = addDays(localDayOf(new Date(), t.config.timeZone), -1);
    await send({
      views: [
        { productId: a, count: 2, day: yesterday, source: 'naver.com', country: 'KR' },
        { productId: b, count: 3, day: yesterday, source: 'naver.com', country: 'KR' },
        { productId: a, count: 4, utmSource: 'weibo', utmCampaign: 'spring', country: 'CN' },
        { productId: b, count: 5 },
      ],
    } satisfies RecordProductViewsBody);
    await send({ views: [{ productId: a, count: 7, day: yesterday, source: 'naver' }] });
    await signedPost(t.app, `/api/internal/products/${b}/views`, {});

    const kept = await sumsAndBuckets(owner);
    // A day's views by source (3 rows), by campaign (3) and by country (4), two products' in one.
    expect(kept.bySource).toHaveLength(10);
    expect(kept.bySource).toEqual(kept.bySourceFromBuckets);
    expect(kept.byProduct).toHaveLength(4);
    expect(kept.byProduct).toEqual(kept.byProductFromBuckets);

    await t.database.db.delete(sellerViewsDaily).where(eq(sellerViewsDaily.sellerId, owner));
    await t.database.db
      .delete(sellerProductViewsDaily)
      .where(eq(sellerProductViewsDaily.sellerId, owner));
    await createPurchaseRepository(t.database, t.config.timeZone).rebuildRollups();
    expect(await sumsAndBuckets(owner)).toEqual(kept);
  });
});
