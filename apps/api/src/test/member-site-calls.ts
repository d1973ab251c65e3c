import { randomUUID } from 'node:crypto';
import type {
  RecordPurchaseBody,
  RecordPurchaseResponse,
} from '@seller/contract/sales/record-purchase';
import type { FastifyInstance } from 'fastify';
import { signInternalRequest } from '../lib/internal-signature.ts';

/** The member site's side of the internal API: its key and its signed calls. */
export const internalSecret = 'internal-secret-internal-secret-0123456789';

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

/** A purchase of the product with a fresh order id. */
export function purchase(productId: string, overrides: Partial<RecordPurchaseBody> = {}) {
  return {
    orderId: `order-${randomUUID()}`,
    productId,
    customerEmail: 'buyer@example.com',
    paymentMethod: 'card',
    amount: 15_000,
    ...overrides,
  } satisfies RecordPurchaseBody;
}

export async function recordPurchase(app: FastifyInstance, payload: RecordPurchaseBody) {
  const response = await signedPost(app, '/api/internal/purchases', payload);
  if (response.statusCode !== 201) {
    throw new Error(`purchase failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<RecordPurchaseResponse>().sale;
}

/** A refund or chargeback of the order, with a fresh refund id; fails the test unless stored. */
export async function recordRefund(
  app: FastifyInstance,
  orderId: string,
  amount: number,
  kind: 'refund' | 'chargeback' = 'refund',
) {
  const response = await signedPost(app, '/api/internal/refunds', {
    refundId: `refund-${randomUUID()}`,
    orderId,
    amount,
    kind,
  });
  if (response.statusCode !== 201) {
    throw new Error(`refund failed: ${response.statusCode} ${response.body}`);
  }
}
