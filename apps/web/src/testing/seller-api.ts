import { createHmac, randomBytes } from 'node:crypto';
import { enableTwoFactorEndpoint } from '@seller/contract/auth/enable-two-factor';
import { type SignupBody, signupEndpoint } from '@seller/contract/auth/signup';
import { twoFactorSetupEndpoint } from '@seller/contract/auth/start-two-factor-setup';
import { createDiscountEndpoint } from '@seller/contract/discounts/create-discount';
import type { Discount, DiscountInput } from '@seller/contract/discounts/discount';
import {
  type CreateDeliveryBody,
  createDeliveryEndpoint,
} from '@seller/contract/internal/create-delivery';
import {
  type RecordPayoutBody,
  recordPayoutEndpoint,
} from '@seller/contract/internal/record-payout';
import {
  type RecordRefundBody,
  recordRefundEndpoint,
} from '@seller/contract/internal/record-refund';
import { createProductEndpoint } from '@seller/contract/products/create-product';
import type { ProductDetail } from '@seller/contract/products/product';
import {
  type RecordProductViewsBody,
  recordProductViewsEndpoint,
} from '@seller/contract/sales/record-product-views';
import {
  type RecordPurchaseBody,
  recordPurchaseEndpoint,
} from '@seller/contract/sales/record-purchase';
import { updateSettlementInfoEndpoint } from '@seller/contract/settlement/update-settlement-info';
import { inject } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { getToken, startSession } from '@/lib/auth-token';
import { uploadFile } from '@/lib/upload/uploader';
import { authenticator } from './authenticator';

/*
 * What the route tests set up before they open a screen, through the real API and the app's
 * own client, so that the data is what a seller would have made.
 */

function uniqueId(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/** Signs a new seller up and stores the session, as the signup page does. */
export async function signUpSeller(): Promise<SignupBody> {
  const id = uniqueId();
  const seller: SignupBody = {
    email: `seller-${id}@example.com`,
    nickname: `s${id}`.slice(0, 20),
    password: 'Quiet-Harbor-8317',
  };
  const { token } = await apiRequest(signupEndpoint, { body: seller });
  startSession(token);
  return seller;
}

/**
 * Turns two-factor sign-in on for the signed-in seller, as the profile's security card does:
 * answers the seller's authenticator app (its first code is used) and the recovery codes.
 */
export async function turnOnTwoFactor() {
  const { secret } = await apiRequest(twoFactorSetupEndpoint);
  const app = authenticator(secret);
  const { recoveryCodes } = await apiRequest(enableTwoFactorEndpoint, {
    body: { code: await app.nextCode() },
  });
  return { app, recoveryCodes };
}

/** A small PDF, as the seller's file picker hands it over. */
export function pdfFile(name = 'guide.pdf'): File {
  return new File([`%PDF-1.4\n% ${name}\n${'x'.repeat(2048)}\n%%EOF\n`], name, {
    type: 'application/pdf',
  });
}

/** A small PNG (its signature and some bytes; the server does not decode images). */
export function pngFile(name = 'cover.png'): File {
  const bytes = new Uint8Array(512);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}

/** A product with one file and one thumbnail, uploaded and created as the create form does. */
export async function createProduct(title: string): Promise<ProductDetail> {
  const file = await uploadFile(pdfFile(), { kind: 'file' });
  const image = await uploadFile(pngFile(), { kind: 'image' });
  return apiRequest(createProductEndpoint, {
    body: {
      title,
      description: '',
      price: 12,
      files: [{ s3Key: file.s3Key }],
      thumbnails: [{ s3Key: image.s3Key, is_main: true }],
    },
  });
}

/** Sends a member-site call, signed with the run's secret over the exact bytes sent. */
async function memberSiteCall(
  endpoint: { method: string; path: string },
  body: object,
  what: string,
): Promise<void> {
  const secret = inject('internalApiSecret');
  const raw = JSON.stringify(body);
  const at = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${at}.${raw}`).digest('hex');
  const response = await fetch(endpoint.path, {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json', 'X-Signature': `t=${at},v1=${signature}` },
    body: raw,
  });
  if (!response.ok) throw new Error(`Recording ${what} failed: ${response.status}`);
}

/**
 * Sales of a product at 13,800 won each, as the member site reports them (signed internal
 * calls); answers their order ids, newest last.
 */
export async function recordSales(
  productId: string,
  count: number,
  fields: Partial<RecordPurchaseBody> = {},
): Promise<string[]> {
  const batch = uniqueId();
  const orderIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const body: RecordPurchaseBody = {
      orderId: `order-${batch}-${index}`,
      productId,
      customerEmail: `buyer${index}@example.com`,
      paymentMethod: 'card',
      amount: 13_800,
      ...fields,
    };
    await memberSiteCall(recordPurchaseEndpoint, body, 'a sale');
    orderIds.push(body.orderId);
  }
  return orderIds;
}

/** A discount code of the signed-in seller, made through the API. */
export async function createDiscount(input: DiscountInput): Promise<Discount> {
  return (await apiRequest(createDiscountEndpoint, { body: input })).discount;
}

/** A sale bought with a discount code at a list price, as the member site reports it. */
export async function recordDiscountedSale(
  productId: string,
  sale: { discountCode: string; listAmount: number; amount: number },
): Promise<string> {
  const body: RecordPurchaseBody = {
    orderId: `order-${uniqueId()}`,
    productId,
    customerEmail: 'buyer@example.com',
    paymentMethod: 'card',
    ...sale,
  };
  await memberSiteCall(recordPurchaseEndpoint, body, 'a discounted sale');
  return body.orderId;
}

/** A refund (or chargeback) of part or all of a sale, as the member site reports it. */
export async function recordRefund(
  orderId: string,
  amount: number,
  kind: RecordRefundBody['kind'] = 'refund',
): Promise<void> {
  const body: RecordRefundBody = { refundId: `refund-${uniqueId()}`, orderId, amount, kind };
  await memberSiteCall(recordRefundEndpoint, body, 'a refund');
}

/** A download link given to the buyer of `orderId` for one file, as the member site asks for it. */
export async function recordDelivery(orderId: string, fileId: string): Promise<void> {
  const body: CreateDeliveryBody = { orderId, fileId };
  await memberSiteCall(createDeliveryEndpoint, body, 'a download');
}

/** The id of the signed-in seller (the subject of the session token). */
function signedInSellerId(): string {
  const payload = getToken()?.split('.')[1] ?? '';
  const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
    sub: string;
  };
  return sub;
}

/**
 * A payout to the signed-in seller by Alipay, as the operator records it once made: the
 * seller's Alipay details are saved first (a payout needs its method set up).
 */
export async function recordPayout(amount: number): Promise<void> {
  await apiRequest(updateSettlementInfoEndpoint, {
    body: { alipay: { phone: '+86 13812345678', realName: '王伟' } },
  });
  const body: RecordPayoutBody = {
    payoutId: `payout-${uniqueId()}`,
    sellerId: signedInSellerId(),
    amount,
    method: 'alipay',
    reference: `ALI-${uniqueId()}`,
  };
  await memberSiteCall(recordPayoutEndpoint, body, 'a payout');
}

/** Product views as the member site reports them in a batch. */
export async function recordViews(views: RecordProductViewsBody['views']): Promise<void> {
  await memberSiteCall(recordProductViewsEndpoint, { views }, 'views');
}
