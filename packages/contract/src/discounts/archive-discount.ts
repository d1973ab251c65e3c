import { defineEndpoint } from '../endpoint.ts';
import { discountParamsSchema } from './discount.ts';

export const archiveDiscountEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/discounts/{id}',
  operationId: 'archiveDiscount',
  summary: 'Archive a discount code',
  description:
    'The code (and its single-use codes) can no longer be used and its letters are free for a new code; its uses, revenue and the sales that carry it stay. Archiving an archived code again is a 204 too.',
  tags: ['discounts'],
  auth: true,
  successStatus: 204,
  params: discountParamsSchema,
});
