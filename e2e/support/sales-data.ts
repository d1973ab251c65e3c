import { randomBytes } from 'node:crypto';
import { createProduct, type SellerAccount, sellerClient, signUp } from './api';
import type { MemberSite, RecordedSale } from './member-site';

const day = 24 * 60 * 60 * 1000;

export interface SellerWithSales {
  seller: SellerAccount;
  productIds: string[];
  sales: RecordedSale[];
  /** How many sales were made seconds before the set-up (they count as today). */
  todayCount: number;
}

/**
 * A new seller with three products (one never sold) and 50 sales fed through the signed
 * purchase feed: 4 today, 6 over the previous days, 40 more than a month ago. With 20 rows per
 * page that is three pages of transactions.
 */
export async function sellerWithSales(
  baseUrl: string,
  memberSite: MemberSite,
): Promise<SellerWithSales> {
  const seller = await signUp(baseUrl);
  const api = sellerClient(baseUrl, seller.token);
  const productIds = [
    await createProduct(api, baseUrl, { title: 'Watercolor brushes pack', price: 12 }),
    await createProduct(api, baseUrl, { title: '한국어 요리 강좌', price: 30 }),
    await createProduct(api, baseUrl, { title: 'Unsold template', price: 5 }),
  ];
  const now = Date.now();
  const times: number[] = [
    ...Array.from({ length: 4 }, (_, i) => now - (i + 1) * 1000),
    ...Array.from({ length: 6 }, (_, i) => now - (i + 2) * day),
    ...Array.from({ length: 40 }, (_, i) => now - (40 + i) * day - i * 3_600_000),
  ];
  const run = randomBytes(3).toString('hex');
  const methods = ['card', 'kakaopay', 'alipay'];
  const sales: RecordedSale[] = [];
  for (const [index, time] of times.entries()) {
    sales.push(
      await memberSite.recordPurchase({
        orderId: `E2E-${run}-${String(index + 1).padStart(3, '0')}`,
        productId: productIds[index % 2] ?? '',
        customerEmail: `buyer${index + 1}@example.com`,
        paymentMethod: methods[index % methods.length] ?? 'card',
        amount: 1000 * (5 + (index % 7)) + 500,
        purchasedAt: new Date(time).toISOString(),
      }),
    );
  }
  return { seller, productIds, sales, todayCount: 4 };
}

/** "₩12,500" as the English interface writes KRW. */
export function krw(amount: number): string {
  return `₩${amount.toLocaleString('en-US')}`;
}
