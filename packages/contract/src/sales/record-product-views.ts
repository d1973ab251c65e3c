import { z } from 'zod';
import { countrySchema } from '../countries.ts';
import { defineEndpoint } from '../endpoint.ts';
import { isoDaySchema } from '../fields.ts';
import { limits } from '../limits.ts';

/** The most items one batch of views may carry, and the most views one item may add. */
export const viewBatchLimits = { items: 1000, count: 100_000 } as const;

/** Optional text of a view, trimmed; empty is the same as absent. */
const viewText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'saleTextTooLong')
    .transform((value) => (value === '' ? undefined : value))
    .optional();

export const recordProductViewsBodySchema = z.object({
  views: z
    .array(
      z.object({
        productId: z.uuid(),
        count: z.number().int().min(1).max(viewBatchLimits.count),
        /** The local day of the views (`yyyy-MM-dd`, server's time zone); today when absent. */
        day: isoDaySchema('dayInvalid').optional(),
        /** Where the visitors came from: a referrer host or a name; stored by its source name. */
        source: viewText(limits.buyer.source),
        utmSource: viewText(limits.buyer.utm),
        utmMedium: viewText(limits.buyer.utm),
        utmCampaign: viewText(limits.buyer.utm),
        /** ISO 3166-1 alpha-2 (`KR`, `CN`); lower case is taken and stored in upper case. */
        country: countrySchema.optional(),
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
    "Adds each item's `count` to its product's view count, all in one statement: the member site sums its views per product (a second's worth, say) and sends them in one call of 1 to 1,000 items, each count 1 to 100,000. An item naming a product that does not exist or is deleted is skipped and counted in `unknown`; the others are counted in `accepted` (`accepted + unknown` is the number of items). Each item may say its local `day` (today when absent; not in the future, not before 2000), `source` (a referrer host or a name: naver.com, m.naver.com and naver are all Naver; Daum, Baidu, Weibo, Xiaohongshu, Bilibili and X alike; another host is kept as it is), `utmSource` (the source when `source` is absent), `utmMedium`, `utmCampaign` and `country`: the views are also counted per day, source, campaign and country for the conversion report. A bad day or country is 400 and nothing is counted. Member site only: signed with X-Signature (see the `memberSignature` scheme); a missing, wrong or stale signature is 401.",
  tags: ['internal'],
  auth: false,
  successStatus: 202,
  body: recordProductViewsBodySchema,
  response: recordProductViewsResponseSchema,
});
