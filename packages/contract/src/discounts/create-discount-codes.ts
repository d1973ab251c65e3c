import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits } from '../limits.ts';
import { discountCodeInCapitals, discountParamsSchema } from './discount.ts';

export const createDiscountCodesBodySchema = z.object({
  count: z
    .int({ error: 'discountCodeCountInvalid' })
    .min(1, 'discountCodeCountInvalid')
    .max(limits.discounts.maxBulkCodes, 'discountCodeCountInvalid'),
  /** Letters each code starts with (1–12 of `A–Z 0–9 _ -`, any case); none when absent. */
  prefix: z
    .string({ error: 'discountPrefixInvalid' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,12}$/, 'discountPrefixInvalid')
    .transform(discountCodeInCapitals)
    .optional(),
});
export type CreateDiscountCodesBody = z.input<typeof createDiscountCodesBodySchema>;

export const createDiscountCodesResponseSchema = z.object({
  /** How many codes were made. */
  created: z.number().int(),
});

export const createDiscountCodesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/discounts/{id}/codes',
  operationId: 'createDiscountCodes',
  summary: 'Make single-use codes of a discount',
  description:
    "`count` (1–5,000) new codes, each usable once, with the discount's rules; its limit of uses counts them all together. Each is the `prefix` (when given) and 10 random letters and digits, unique among the seller's codes. An archived discount is 409 `conflict`.",
  tags: ['discounts'],
  auth: true,
  successStatus: 201,
  errors: ['conflict'],
  params: discountParamsSchema,
  body: createDiscountCodesBodySchema,
  response: createDiscountCodesResponseSchema,
});
