import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** The most items one batch of views may carry, and the most views one item may add. */
export const viewBatchLimits = { items: 1000, count: 100_000 } as const;

export const recordProductViewsBodySchema = z.object({
  views: z
    .array(
      z.object({
        productId: z.uuid(),
        count: z.number().int().min(1).max(viewBatchLimits.count),
      }),
    )
    .min(1)
    .max(viewBatchLimits.items),
});
export type RecordProductViewsBody = z.input<typeof recordProductViewsBodySchema>;

export const recordProductViewsResponseSchema = z.object({
  /** Items whose views were added. */
  accepted: z.number().int(),
  /** Items naming a product that does not exist or is deleted: skipped, not an error. */
  unknown: z.number().int(),
});
export type RecordProductViewsResponse = z.infer<typeof recordProductViewsResponseSchema>;

export const recordProductViewsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/internal/views',
  operationId: 'recordProductViews',
  summary: 'Count the views of many products at once',
  description:
    "Adds each item's `count` to its product's view count, all in one statement: the member site sums its views per product (a second's worth, say) and sends them in one call of 1 to 1,000 items, each count 1 to 100,000. An item naming a product that does not exist or is deleted is skipped and counted in `unknown`; the others are counted in `accepted` (`accepted + unknown` is the number of items). Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 202,
  body: recordProductViewsBodySchema,
  response: recordProductViewsResponseSchema,
});
