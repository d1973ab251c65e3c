import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { orderIdSchema } from '../sales/record-purchase.ts';
import { discountRefusals, validateDiscountBodySchema } from './validate-discount.ts';

export const redeemDiscountBodySchema = validateDiscountBodySchema.extend({
  /** The order the buyer is paying; its purchase turns the held use into a use. */
  orderId: orderIdSchema,
});
export type RedeemDiscountBody = z.input<typeof redeemDiscountBodySchema>;

export const redemptionSchema = z.object({
  orderId: z.string(),
  code: z.string(),
  discountAmount: z.number().int(),
  finalAmount: z.number().int(),
  /** Until when the use is held for the order's purchase. */
  expiresAt: z.iso.datetime(),
});

export const redeemDiscountResponseSchema = z.object({ redemption: redemptionSchema });
export type RedeemDiscountResponse = z.infer<typeof redeemDiscountResponseSchema>;

export const redeemDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/discounts/redeem',
  operationId: 'redeemDiscount',
  summary: 'Hold one use of a discount code for an order',
  description:
    'Checks the code as `validate` does and holds one of its uses for the order for `DISCOUNT_HOLD_SECONDS` (30 minutes by default): 201. Held and used together never pass the limit, whatever the concurrency. The same `orderId` with the same content while the hold lasts (or once used) is 200 with the stored hold; with other content, 409 `conflict`. The purchase with that `orderId` and `discountCode` turns the hold into a use; `DELETE /api/internal/discounts/redemptions/{orderId}` frees it. Member site only: signed with X-Signature.',
  tags: ['internal'],
  auth: false,
  successStatus: 201,
  errors: [...discountRefusals, 'conflict'],
  body: redeemDiscountBodySchema,
  response: redeemDiscountResponseSchema,
});
