import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { productFiles, products, productThumbnails } from '../db/schema.ts';
import { rowsOf } from '../db/sql-values.ts';
import { insertProduct } from '../test/database-rows.ts';
import { internalSecret, purchase, recordPurchase } from '../test/member-site-calls.ts';
import { sellerIdOf } from '../test/seller-fixtures.ts';
import { bearer, signUpSeller, type TestSeller } from '../test/sellers.ts';
import { createSiblingApp, createTestApp, type TestApp } from '../test/test-app.ts';
import { cachedPerSeller, responseCachePlugin, sellerDataChannel } from './response-cache.ts';

const myProducts = '/api/products/my-products';
const salesStats = '/api/products/stats/sales';

let t: TestApp;
/** Another copy of the server on the same database, with its own cache. */
let sibling: FastifyInstance;
/** A copy without a cache: what a fresh read answers. */
let uncached: FastifyInstance;
let alice: TestSeller & { id: string };
let bob: TestSeller & { id: string };

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  sibling = await createSiblingApp(t, {
    JWT_SECRET: t.config.jwtSecret,
    INTERNAL_API_SECRET: internalSecret,
  });
  uncached = await createSiblingApp(t, {
    JWT_SECRET: t.config.jwtSecret,
    RESPONSE_CACHE_SECONDS: '0',
  });
  const signUp = async () => {
    const seller = await signUpSeller(t.app);
    return { ...seller, id: sellerIdOf(seller.token) };
  };
  alice = await signUp();
  bob = await signUp();
});

afterAll(async () => {
  await sibling?.close();
  await uncached?.close();
  await t?.close();
});

const read = (app: FastifyInstance, seller: TestSeller, url: string) =>
  app.inject({ method: 'GET', url, headers: bearer(seller.token) });

const titles = async (app: FastifyInstance, seller: TestSeller) =>
  (await read(app, seller, myProducts))
    .json<{ products: { title: string }[] }>()
    .products.map((product) => product.title);

/** Waits for a change made elsewhere to be announced and heard (a few ms). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const cacheOf = (app: FastifyInstance) => {
  if (!app.responseCache) throw new Error('the response cache is off');
  return app.responseCache;
};

describe('response cache', () => {
  it('answers a repeated read from the cache, byte for byte what a fresh read answers', async () => {
    await insertProduct(t.database.db, alice.id, { title: 'Cached guide' });
    await eventually(async () => (await titles(t.app, alice)).includes('Cached guide'));
    const hitsBefore = cacheOf(t.app).stats().hits;
    for (const url of [myProducts, salesStats, '/api/products/stats/products']) {
      const first = await read(t.app, alice, url);
      const second = await read(t.app, alice, url);
      const fresh = await read(uncached, alice, url);
      expect(first.statusCode).toBe(200);
      expect(second.body).toBe(fresh.body);
      expect(second.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(second.headers['content-security-policy']).toBe(
        fresh.headers['content-security-policy'],
      );
    }
    expect(cacheOf(t.app).stats().hits - hitsBefore).toBeGreaterThanOrEqual(3);
  });

  it('keeps sellers apart: each reads only their own products', async () => {
    await insertProduct(t.database.db, bob.id, { title: 'Bob only' });
    await eventually(async () => (await titles(t.app, bob)).includes('Bob only'));
    for (let round = 0; round < 3; round++) {
      expect(await titles(t.app, alice)).not.toContain('Bob only');
      expect(await titles(t.app, bob)).toContain('Bob only');
      expect(await titles(t.app, bob)).not.toContain('Cached guide');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: myProducts });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keys a read by its query: each period of the daily chart is its own answer', async () => {
    const week = await read(t.app, alice, '/api/products/stats/sales/daily?days=7');
    const month = await read(t.app, alice, '/api/products/stats/sales/daily?days=30');
    const weekAgain = await read(t.app, alice, '/api/products/stats/sales/daily?days=7');
    expect(week.statusCode).toBe(200);
    expect(month.statusCode).toBe(200);
    expect(week.body).not.toBe(month.body);
    expect(weekAgain.body).toBe(week.body);
  });

  it("reads a seller's own write back at once", async () => {
    const productId = await insertProduct(t.database.db, alice.id, { title: 'Soon deleted' });
    await eventually(async () => (await titles(t.app, alice)).includes('Soon deleted'));
    await read(t.app, alice, myProducts);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${productId}`,
      headers: bearer(alice.token),
    });
    expect(deleted.statusCode).toBe(204);
    // No wait: this copy dropped the seller's answers before answering the delete.
    expect(await titles(t.app, alice)).not.toContain('Soon deleted');
  });

  it('hears changes made by another copy of the server (a sale from the purchase feed)', async () => {
    const productId = await insertProduct(t.database.db, alice.id);
    const before = (await read(t.app, alice, salesStats)).json<{ totalSales: { count: number } }>();
    await read(t.app, alice, salesStats);
    await recordPurchase(sibling, purchase(productId, { amount: 20_000 }));
    await eventually(async () => {
      const stats = (await read(t.app, alice, salesStats)).json<{
        totalSales: { count: number };
      }>();
      return stats.totalSales.count === before.totalSales.count + 1;
    });
  });

  it('hears changes made by hand in SQL (a command, an operator)', async () => {
    const productId = await insertProduct(t.database.db, alice.id, { title: 'Old title' });
    await eventually(async () => (await titles(t.app, alice)).includes('Old title'));
    await t.database.db
      .update(products)
      .set({ title: 'Renamed in SQL' })
      .where(eq(products.id, productId));
    await eventually(async () => (await titles(t.app, alice)).includes('Renamed in SQL'));
  });

  it('is a flag of the route: a read without it is never served from the cache', async () => {
    const hits = cacheOf(t.app).stats().hits;
    for (let round = 0; round < 3; round++) {
      expect((await read(t.app, alice, '/api/auth/profile')).statusCode).toBe(200);
    }
    expect(cacheOf(t.app).stats().hits).toBe(hits);
  });

  it('refuses the flag at start on anything but a signed-in read', async () => {
    const app = Fastify();
    app.decorate('authenticate', async () => {});
    await app.register(responseCachePlugin, { database: t.database, ttlSeconds: 0, maxBytes: 1 });
    const handler = async () => ({});
    expect(() =>
      app.route({
        method: 'POST',
        url: '/write',
        ...cachedPerSeller,
        onRequest: app.authenticate,
        handler,
      }),
    ).toThrow('only a signed-in read is cached');
    expect(() =>
      app.route({ method: 'GET', url: '/anonymous', ...cachedPerSeller, handler }),
    ).toThrow('only a signed-in read is cached');
    app.route({
      method: 'GET',
      url: '/read',
      ...cachedPerSeller,
      onRequest: app.authenticate,
      handler,
    });
    await app.close();
  });

  it('is off with RESPONSE_CACHE_SECONDS=0', async () => {
    expect(uncached.responseCache).toBeUndefined();
    const response = await read(uncached, alice, myProducts);
    expect(response.statusCode).toBe(200);
  });
});

describe('the database change feed', () => {
  it("announces every committed change to a seller's products, files, thumbnails and sales", async () => {
    const heard: string[] = [];
    const unlisten = await t.database.listen(sellerDataChannel, {
      onNotification: (payload) => heard.push(payload),
      onListening: () => {},
      onInterrupted: () => {},
    });
    const db = t.database.db;
    const expectHeard = async (sellerId: string, what: string) => {
      await eventually(async () => heard.includes(sellerId)).catch(() => {
        throw new Error(`no notice for ${what}`);
      });
      heard.length = 0;
    };
    try {
      const productId = await insertProduct(db, bob.id);
      await expectHeard(bob.id, 'a product inserted');
      await db.update(products).set({ price: 99 }).where(eq(products.id, productId));
      await expectHeard(bob.id, 'a product updated');
      const key = `products/${randomUUID()}`;
      await db.insert(productFiles).values({
        productId,
        storageKey: key,
        originalName: 'guide.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        size: 10,
        position: 0,
      });
      await expectHeard(bob.id, 'a file attached');
      await db.delete(productFiles).where(eq(productFiles.storageKey, key));
      await expectHeard(bob.id, 'a file removed');
      await db.insert(productThumbnails).values({
        productId,
        storageKey: key,
        originalName: 'cover.png',
        position: 0,
      });
      await expectHeard(bob.id, 'a thumbnail attached');
      await recordPurchase(t.app, purchase(productId));
      await expectHeard(bob.id, 'a sale recorded');
      // A rollup rebuilt by hand (npm run sales:rebuild-rollups) is a change too.
      await db.execute(
        sql`update seller_sales_totals set count = count where seller_id = ${bob.id}`,
      );
      await expectHeard(bob.id, 'a rollup rewritten');
      // One notice per seller and statement, however many rows.
      await db.execute(
        sql`update products set view_count = view_count + 1 where seller_id = ${bob.id}`,
      );
      await expectHeard(bob.id, 'several products updated at once');
      expect(heard).toEqual([]);
    } finally {
      await unlisten();
    }
  });
});

const target = inject('testDatabase');

describe.skipIf(target.kind !== 'postgres')('the change feed connection lost', () => {
  it('stops serving from the cache until it listens again, then serves fresh answers', async () => {
    const cache = cacheOf(t.app);
    await read(t.app, alice, myProducts);
    await read(t.app, alice, myProducts);
    expect(cache.stats().entries).toBeGreaterThan(0);
    const rows = rowsOf<{ killed: boolean }>(
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
            where datname = current_database() and query ilike 'listen %'`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    await eventually(async () => !cache.stats().listening);
    expect(cache.stats().entries).toBe(0);
    // Deaf: a change made now is not heard, so nothing may be served from the cache.
    const hits = cache.stats().hits;
    const productId = await insertProduct(t.database.db, alice.id, { title: 'While deaf' });
    expect(await titles(t.app, alice)).toContain('While deaf');
    expect(cache.stats().hits).toBe(hits);
    await eventually(async () => cache.stats().listening, 10_000);
    await read(t.app, alice, myProducts);
    await read(t.app, alice, myProducts);
    expect(cache.stats().hits).toBeGreaterThan(hits);
    await t.database.db.delete(products).where(eq(products.id, productId));
  });
});
