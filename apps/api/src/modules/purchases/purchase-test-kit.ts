import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { products, sellers } from '../../db/schema.ts';
import { signInternalRequest } from '../../lib/internal-signature.ts';

/** Test helpers of the sales modules: signed member-site calls and products set up directly. */

export const internalSecret = 'internal-secret-internal-secret-0123456789';

export interface PurchasePayload {
  orderId: string;
  productId: string;
  customerEmail: string;
  paymentMethod: string;
  amount: number;
  purchasedAt?: string;
}

/** A signed JSON call to the internal API; `signature` replaces the correct one. */
export function signedPost(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: { signature?: string | null; timestamp?: number } = {},
) {
  const raw = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signInternalRequest(internalSecret, raw, options.timestamp)
      : options.signature;
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-signature': signature }),
    },
    payload: raw,
  });
}

export function purchase(productId: string, overrides: Partial<PurchasePayload> = {}) {
  return {
    orderId: `order-${randomUUID()}`,
    productId,
    customerEmail: 'buyer@example.com',
    paymentMethod: 'card',
    amount: 15_000,
    ...overrides,
  } satisfies PurchasePayload;
}

export async function recordPurchase(app: FastifyInstance, payload: PurchasePayload) {
  const response = await signedPost(app, '/api/internal/purchases', payload);
  if (response.statusCode !== 201) {
    throw new Error(`purchase failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ sale: { purchaseId: string; netAmount: number } }>().sale;
}

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

/** A product row of the seller (the products API is tested on its own). */
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
    .select({ salesCount: products.salesCount, viewCount: products.viewCount })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error('no product');
  return row;
}
