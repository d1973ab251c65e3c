import { eq } from 'drizzle-orm';
import { sellers, webhooks } from '../db/schema.ts';
import { insertProduct, sellerIdByEmail, setSellerCreatedAt } from './database-rows.ts';
import { signUpSeller } from './sellers.ts';
import type { TestApp } from './test-app.ts';

/** How a seller hears of sales: their sale mail, and the events their webhook listens to. */
export interface SaleChoices {
  saleNotifications: 'each' | 'daily' | 'never';
  webhookEvents?: string[];
}

/**
 * A new seller with these choices and a product of theirs, for tests of who hears of a sale or
 * a refund. `signedUpAt` ages the seller (past the introductory months, the standard commission).
 */
export async function sellerWithChoices(
  t: TestApp,
  choices: SaleChoices,
  signedUpAt?: Date,
): Promise<{ sellerId: string; productId: string }> {
  const { db } = t.database;
  const sellerId = await sellerIdByEmail(db, (await signUpSeller(t.app)).email);
  if (signedUpAt) await setSellerCreatedAt(db, sellerId, signedUpAt);
  await db
    .update(sellers)
    .set({ saleNotifications: choices.saleNotifications })
    .where(eq(sellers.id, sellerId));
  if (choices.webhookEvents) {
    await db.insert(webhooks).values({
      sellerId,
      url: 'https://hooks.example.com/sales',
      events: choices.webhookEvents,
      secret: 'sealed',
    });
  }
  return { sellerId, productId: await insertProduct(db, sellerId) };
}
