import {
  type MyProductsResponse,
  myProductsResponseSchema,
  productListItemSchema,
} from '@seller/contract/products/list-my-products';
import { type Product, type ProductDetail, productSchema } from '@seller/contract/products/product';
import type { SalesByProductResponse } from '@seller/contract/sales/get-sales-by-product';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, uploadCompleted } from '../../test/completed-uploads.ts';
import { insertProduct, sellerIdByEmail } from '../../test/database-rows.ts';
import {
  internalSecret,
  purchase,
  recordPurchase,
  recordRefund,
} from '../../test/member-site-calls.ts';
import { createProductFor } from '../../test/seller-products.ts';
import { bearer, signUpSeller, type TestSeller } from '../../test/sellers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The product list is written as JSON by PostgreSQL; a product's own page is written by the
 * server from its rows. Both must show each product alike: its thumbnail's URL (the main one when
 * another is marked), counts of files, views and sales, revenue net of refunds, and text that
 * JSON must escape.
 */
let t: TestApp;
let seller: TestSeller;
let markedMainKey = '';
const awkwardTitle = 'Planner "2026" \\ 플래너 — 计划 😀 \u0007\ttab\nline';

beforeAll(async () => {
  t = await createTestApp({ INTERNAL_API_SECRET: internalSecret });
  seller = await signUpSeller(t.app);
  const sellerId = await sellerIdByEmail(t.database.db, seller.email);
  const first = await createProductFor(t.app, seller.token, awkwardTitle);
  // A second thumbnail marked main: the list shows it, not the first.
  const second = await uploadCompleted(t.app, seller.token, png('second.png'));
  markedMainKey = second.s3Key;
  const update = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${first.product.id}`,
    headers: bearer(seller.token),
    payload: { title: awkwardTitle, newThumbnails: [{ s3Key: second.s3Key, is_main: true }] },
  });
  if (update.statusCode !== 200) throw new Error(`update failed: ${update.body}`);
  await createProductFor(t.app, seller.token, 'Second product');
  // No thumbnail and no file; views counted.
  const bare = await insertProduct(t.database.db, sellerId, { title: 'Bare', status: 'inactive' });
  await t.database.db.execute(sql`update products set view_count = 42 where id = ${bare}`);
  await insertProduct(t.database.db, sellerId, { title: 'Gone', status: 'deleted' });
  const sold = await recordPurchase(t.app, purchase(first.product.id, { amount: 30_000 }));
  await recordPurchase(t.app, purchase(first.product.id, { amount: 12_000 }));
  await recordPurchase(t.app, purchase(bare, { amount: 5_000 }));
  await recordRefund(t.app, sold.orderId, 10_000);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function getJson<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(seller.token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json<T>();
}

describe('the product list written by PostgreSQL', () => {
  it("shows each product as the product's own page does, with its revenue", async () => {
    const body = await getJson<MyProductsResponse>('/api/products/my-products');
    // Exactly the contract's fields, no more.
    const { products } = myProductsResponseSchema
      .extend({ products: productListItemSchema.strict().array() })
      .strict()
      .parse(body);
    expect(products.map((product) => product.title)).toEqual([
      'Bare',
      'Second product',
      awkwardTitle,
    ]);
    const revenue = await getJson<SalesByProductResponse>('/api/products/stats/sales/by-product');
    const productKeys = Object.keys(productSchema.shape) as (keyof Product)[];
    for (const listed of products) {
      const { product: detail } = await getJson<ProductDetail>(`/api/products/${listed.id}`);
      const shown = Object.fromEntries(productKeys.map((key) => [key, detail[key]]));
      const { revenue: gross, net_revenue: net, ...fields } = listed;
      expect(fields).toEqual(shown);
      const sales = revenue.products.find((product) => product.productId === listed.id);
      expect({ gross, net }).toEqual({
        gross: sales?.totalRevenue ?? 0,
        net: sales?.netRevenue ?? 0,
      });
    }
    const [bare, , planner] = products;
    expect(bare).toMatchObject({ thumbnail_url: null, file_count: 0, view_count: 42 });
    expect(planner).toMatchObject({ sales_count: 2, revenue: 32_000, file_count: 1 });
    expect(planner?.thumbnail_url).toMatch(/\/storage\/public\/sellers\/.+\.png$/);
    const { thumbnails } = await getJson<ProductDetail>(`/api/products/${planner?.id}`);
    expect(thumbnails).toHaveLength(2);
    expect(planner?.thumbnail_url).toBe(thumbnails.find((thumbnail) => thumbnail.is_main)?.s3_url);
    expect(planner?.thumbnail_url?.endsWith(markedMainKey)).toBe(true);
  });

  it('answers an empty list as JSON for a seller without products', async () => {
    const other = await signUpSeller(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/my-products',
      headers: bearer(other.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ products: [] });
  });
});
