import { defineEndpoint } from '../endpoint.ts';
import { discountInputSchema, discountParamsSchema, discountResponseSchema } from './discount.ts';

export const updateDiscountBodySchema = discountInputSchema;

export const updateDiscountEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/discounts/{id}',
  operationId: 'updateDiscount',
  summary: 'Change a discount code',
  description:
    "Replaces what the seller set of the code (the same body as the creation). Once the code has been used, its kind and its value are kept: changing them is 409 `discount_in_use` (make a new code instead); the rest may change. An archived code is 409 `conflict`; a code taken by another of the seller's codes is 409 `code_taken`.",
  tags: ['discounts'],
  auth: true,
  successStatus: 200,
  errors: ['code_taken', 'discount_in_use', 'conflict'],
  params: discountParamsSchema,
  body: updateDiscountBodySchema,
  response: discountResponseSchema,
});
