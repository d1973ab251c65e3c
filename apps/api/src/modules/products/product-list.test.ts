import type { MyProductsResponse } from '@seller/contract/products/list-my-products';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products as productsTable } from '../../db/schema.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  signedPost,
} from '../../test/member-site-calls.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
});
afterAll(async () => {
  await t.close();
});

async function list(seller: TestSeller): Promise<MyProductsResponse['products']> {
  const response = await t.app.inject({
    url: '/api/products/my-products',
    headers: bearer(seller.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<MyProductsResponse>().products;
}

describe('GET /api/products/my-products with sales', () => {
  it("carries each product's views, sales and revenue (gross and net) from the rollups", async () => {
    const seller = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, seller.email);
    // Older than six months: sales pay the 10 % commission, so net differs from gross.
    await setSellerCreatedAt(t.database.db, id, new Date(Date.now() - 400 * 86_400_000));
    const sold = await insertProduct(t.database.db, id, { title: 'Sold' });
    await insertProduct(t.database.db, id, { title: 'Unsold' });
    await recordPurchase(t.app, purchase(sold, { amount: 10_000 }));
    await recordPurchase(t.app, purchase(sold, { amount: 5_005 }));
    const views = await signedPost(t.app, `/api/internal/products/${sold}/views`, { count: 3 });
    expect(views.statusCode).toBeLessThan(300);

    const products = await list(seller);
    const byTitle = Object.fromEntries(products.map((product) => [product.title, product]));
    expect(byTitle.Sold).toMatchObject({
      view_count: 3,
      sales_count: 2,
      revenue: 15_005,
      net_revenue: 13_504,
    });
    expect(byTitle.Unsold).toMatchObject({ sales_count: 0, revenue: 0, net_revenue: 0 });
  });

  it('lists 1,000 products in one answer, newest first, each with its figures', async () => {
    const seller = await signUpSeller(t.app);
    const id = await sellerIdByEmail(t.database.db, seller.email);
    await t.database.db.execute(sql`
      insert into products (seller_id, title, description, price, status, created_at)
      select ${id}, 'Product ' || g, 'A product', 1 + g % 50,
             case when g % 10 = 0 then 'inactive' else 'active' end,
             now() - make_interval(mins => g)
      from generate_series(1, 1000) g`);
    const [newest] = await t.database.db
      .select({ id: productsTable.id })
      .from(productsTable)
      .where(and(eq(productsTable.sellerId, id), eq(productsTable.title, 'Product 1')));
    await recordPurchase(t.app, purchase(newest?.id ?? '', { amount: 2_000 }));

    const started = performance.now();
    const products = await list(seller);
    const elapsed = performance.now() - started;
    expect(products).toHaveLength(1000);
    expect(products[0]).toMatchObject({ title: 'Product 1', sales_count: 1, revenue: 2_000 });
    expect(products.at(-1)).toMatchObject({ title: 'Product 1000', revenue: 0 });
    expect(products.filter((product) => product.status === 'inactive')).toHaveLength(100);
    // One query for the whole list, not one per product: well under a second even here.
    expect(elapsed).toBeLessThan(1000);
  });
});
