import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const releaseDiscountParamsSchema = z.object({ orderId: z.string() });

export const releaseDiscountEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/internal/discounts/redemptions/{orderId}',
  operationId: 'releaseDiscount',
  summary: "Free an order's held use of a discount code",
  description:
    "After a failed or abandoned payment: the order's held use is freed at once rather than when it expires. 204 whether or not a use was held; a use the purchase already made stays. Member site only: signed with X-Signature.",
  tags: ['internal'],
  auth: false,
  successStatus: 204,
  params: releaseDiscountParamsSchema,
});
