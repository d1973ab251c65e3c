import { z } from 'zod';
import { discountKinds } from '../discounts/discount.ts';
import { defineEndpoint } from '../endpoint.ts';
import { maxPurchaseAmount } from '../limits.ts';

/** The code the buyer typed (any case), for which product and at what price before it. */
export const validateDiscountBodySchema = z.object({
  productId: z.uuid(),
  code: z.string().trim().min(1).max(64),
  /** The price before the discount, in won. */
  amount: z.int().min(1).max(maxPurchaseAmount),
});
export type ValidateDiscountBody = z.input<typeof validateDiscountBodySchema>;

export const appliedDiscountSchema = z.object({
  code: z.string(),
  kind: z.enum(discountKinds),
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
});

export const validateDiscountResponseSchema = z.object({
  discount: appliedDiscountSchema,
  /** What the code takes off `amount`. */
  discountAmount: z.number().int(),
  /** What the buyer pays; 0 is a free copy. */
  finalAmount: z.number().int(),
});
export type ValidateDiscountResponse = z.infer<typeof validateDiscountResponseSchema>;

/** Why a code does not apply; the same for validate and redeem. */
export const discountRefusals = [
  'discount_not_found',
  'discount_inactive',
  'discount_used_up',
  'discount_not_applicable',
  'discount_below_minimum',
] as const;

export const validateDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/discounts/validate',
  operationId: 'validateDiscount',
  summary: 'Check a discount code',
  description:
    "Whether the code applies to the product at that price, and what the buyer would pay: percent `floor(amount × percent ÷ 100)` off, fixed `min(amount, value)` off. Nothing is held. 404 `discount_not_found` (no such code of the product's seller, or archived, or no such product), 409 `discount_inactive` (before its start or from its end), `discount_used_up` (its uses and held uses reach its limit), `discount_not_applicable` (not for this product), `discount_below_minimum` (the price is below its least price). Member site only: signed with X-Signature.",
  tags: ['internal'],
  auth: false,
  successStatus: 200,
  errors: [...discountRefusals],
  body: validateDiscountBodySchema,
  response: validateDiscountResponseSchema,
});
