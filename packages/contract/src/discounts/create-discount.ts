import { defineEndpoint } from '../endpoint.ts';
import { discountInputSchema, discountResponseSchema } from './discount.ts';

export const createDiscountBodySchema = discountInputSchema;

export const createDiscountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/discounts',
  operationId: 'createDiscount',
  summary: 'Create a discount code',
  description:
    "A percent (1–100) or fixed (won) discount code for some of the seller's products or all of them (`productIds` empty), with an optional limit of uses, start, end and least price. The code is 3–32 of `A–Z 0–9 _ -` in any case, kept in capitals; another code of the seller that is not archived with the same letters is 409 `code_taken`. A product that is not the seller's is 400.",
  tags: ['discounts'],
  auth: true,
  successStatus: 201,
  errors: ['code_taken'],
  body: createDiscountBodySchema,
  response: discountResponseSchema,
});
