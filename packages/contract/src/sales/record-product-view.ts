import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

export const recordProductViewParamsSchema = z.object({ id: z.uuid() });

/** The body may be absent (Fastify: null) or `{}` (one view), or carry a batched count. */
export const recordProductViewBodySchema = z
  .object({ count: z.number().int().min(1).max(10_000).default(1) })
  .nullish()
  .transform((body) => body ?? { count: 1 });
export type RecordProductViewBody = z.input<typeof recordProductViewBodySchema>;

export const recordProductViewResponseSchema = z.object({
  productId: z.string(),
  viewCount: z.number().int(),
});
export type RecordProductViewResponse = z.infer<typeof recordProductViewResponseSchema>;

export const recordProductViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/products/{id}/views',
  operationId: 'recordProductView',
  summary: 'Count views of a product',
  description:
    "Adds to a product's view count: one view, or `count` views at once. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 200,
  params: recordProductViewParamsSchema,
  body: recordProductViewBodySchema,
  response: recordProductViewResponseSchema,
});
