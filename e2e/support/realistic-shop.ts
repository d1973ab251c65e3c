import { randomBytes } from 'node:crypto';
import { paymentMethodCodes } from '@seller/contract/payment-methods';
import { beforeAll } from 'vitest';
import { createProduct, recordPurchase } from './member-site';
import { createSeller, fillShopDetails } from './sellers';

/**
 * A product title of exactly 200 characters (the longest allowed): Korean and English words
 * and one long unbroken token, as sellers paste them.
 */
export const longTitle = (() => {
  const title =
    '프리미엄 디지털 플래너 2026 완전판 — Ultimate Productivity Bundle: Notion, GoodNotes & Procreate templates, 365 daily pages, habit trackers, budget sheets, meal planners, SuperExtraordinarilyLongUnbrokenBundleName';
  return title.slice(0, 200).padEnd(200, 'X');
})();

/** The payment methods the member site sends. */
export const paymentMethods = paymentMethodCodes;

export interface RealisticShop {
  seller: Awaited<ReturnType<typeof createSeller>>;
  /** The product with the 200-character title; it has sales. */
  longProductId: string;
  productIds: string[];
}

const day = 24 * 60 * 60 * 1000;

/**
 * A seller whose screens hold what real ones do: a bio, payout details in every method, three
 * products (one with a 200-character title, one never sold), 24 sales over the last weeks
 * paid with each method, with long order ids and customer addresses.
 */
export async function realisticShop(baseUrl: string, secret: string): Promise<RealisticShop> {
  const seller = await createSeller(baseUrl);
  const { token, nickname } = seller;
  await fillShopDetails(baseUrl, token, nickname);

  const longProductId = await createProduct(baseUrl, token, { title: longTitle, price: 125 });
  const productIds = [
    longProductId,
    await createProduct(baseUrl, token, {
      title: '中文商务邮件模板 (Business Email Templates)',
      price: 9,
    }),
    await createProduct(baseUrl, token, { title: 'Unsold template', price: 5 }),
  ];
  const run = randomBytes(4).toString('hex').toUpperCase();
  const now = Date.now();
  for (let index = 0; index < 24; index++) {
    await recordPurchase(baseUrl, secret, {
      orderId: `ORD-20261124-${run}-${String(index + 1).padStart(6, '0')}`,
      productId: productIds[index % 2] ?? longProductId,
      customerEmail: `very.long.customer.name.${index + 1}@example-company-domain.com`,
      paymentMethod: paymentMethods[index % paymentMethods.length] ?? 'card',
      amount: 172_500 + index * 1000,
      purchasedAt: new Date(now - (index % 12) * day - 1000).toISOString(),
    });
  }
  return { seller, longProductId, productIds };
}

/** One such shop for the tests of a file, made before them; call it at the top. */
export function realisticShopForFile(baseUrl: string, secret: string): () => RealisticShop {
  let shop: RealisticShop | undefined;
  beforeAll(async () => {
    shop = await realisticShop(baseUrl, secret);
  });
  return () => {
    if (!shop) throw new Error('The shop is not made yet (use it inside a test).');
    return shop;
  };
}
