import { randomBytes } from 'node:crypto';
import { paymentMethodCodes } from '@seller/contract/payment-methods';
import { createProduct, fillShopDetails, type SellerAccount, sellerClient, signUp } from './api';
import type { MemberSite } from './member-site';

/**
 * A product title of exactly 200 characters (the longest allowed): Korean and English words
 * and one long unbroken token, as sellers paste them.
 */
export const longTitle = (() => {
  const title =
    '프리미엄 디지털 플래너 2026 완전판 — Ultimate Productivity Bundle: Notion, GoodNotes & Procreate templates, 365 daily pages, habit trackers, budget sheets, meal planners, SuperExtraordinarilyLongUnbrokenBundleName';
  return title.slice(0, 200).padEnd(200, 'X');
})();

export interface RealisticShop {
  seller: SellerAccount;
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
export async function realisticShop(
  baseUrl: string,
  memberSite: MemberSite,
): Promise<RealisticShop> {
  const seller = await signUp(baseUrl);
  const api = sellerClient(baseUrl, seller.token);
  await fillShopDetails(api, seller.nickname);

  const longProductId = await createProduct(api, baseUrl, { title: longTitle, price: 125 });
  const productIds = [
    longProductId,
    await createProduct(api, baseUrl, {
      title: '中文商务邮件模板 (Business Email Templates)',
      price: 9,
    }),
    await createProduct(api, baseUrl, { title: 'Unsold template', price: 5 }),
  ];
  const run = randomBytes(4).toString('hex').toUpperCase();
  const now = Date.now();
  for (let index = 0; index < 24; index++) {
    await memberSite.recordPurchase({
      orderId: `ORD-20261124-${run}-${String(index + 1).padStart(6, '0')}`,
      productId: productIds[index % 2] ?? longProductId,
      customerEmail: `very.long.customer.name.${index + 1}@example-company-domain.com`,
      paymentMethod: paymentMethodCodes[index % paymentMethodCodes.length] ?? 'card',
      amount: 172_500 + index * 1000,
      purchasedAt: new Date(now - (index % 12) * day - 1000).toISOString(),
    });
  }
  return { seller, longProductId, productIds };
}
