import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { productSales, products, sellers } from '../db/schema.ts';

/**
 * Rows read and written straight in the database, for tests of the sales modules that need a
 * product or an older seller without going through the products API (tested on its own).
 */

export async function sellerIdByEmail(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(sql`lower(${sellers.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no seller ${email}`);
  return row.id;
}

export async function setSellerCreatedAt(db: Database, sellerId: string, createdAt: Date) {
  await db.update(sellers).set({ createdAt }).where(eq(sellers.id, sellerId));
}

/** A product row of the seller. */
export async function insertProduct(
  db: Database,
  sellerId: string,
  values: { title?: string; price?: number; status?: string; createdAt?: Date } = {},
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      title: values.title ?? `Product ${randomUUID().slice(0, 8)}`,
      description: '',
      price: values.price ?? 12,
      status: values.status ?? 'active',
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: products.id });
  if (!row) throw new Error('no product');
  return row.id;
}

export async function productCounters(db: Database, productId: string) {
  const [row] = await db
    .select({ salesCount: productSales.count, viewCount: products.viewCount })
    .from(products)
    .leftJoin(productSales, eq(productSales.productId, products.id))
    .where(eq(products.id, productId));
  if (!row) throw new Error('no product');
  return { salesCount: row.salesCount ?? 0, viewCount: row.viewCount };
}
