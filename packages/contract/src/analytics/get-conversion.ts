import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { isoDaySchema } from '../fields.ts';

/** What the report's rows are: one per product, source, campaign, country or day. */
export const conversionGroups = ['product', 'source', 'campaign', 'country', 'day'] as const;
export type ConversionGroup = (typeof conversionGroups)[number];

export const conversionQuerySchema = z
  .object({
    /** The first local day (`yyyy-MM-dd`, server's time zone); 29 days before `to` by default. */
    from: isoDaySchema('dayInvalid').optional(),
    /** The last local day, included; today by default. */
    to: isoDaySchema('dayInvalid').optional(),
    /** Only this product of the seller's. */
    productId: z.uuid({ error: 'productIdInvalid' }).optional(),
    groupBy: z.enum(conversionGroups, { error: 'groupByInvalid' }).default('product'),
  })
  .superRefine((query, context) => {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInvalid' });
    }
  });
export type ConversionQuery = z.input<typeof conversionQuerySchema>;

const figuresShape = {
  views: z.number().int(),
  /** Sales not fully refunded. */
  sales: z.number().int(),
  /** KRW: the sales' amounts less their refunds. */
  revenue: z.number().int(),
  /** `min(sales ÷ views, 1)`; null without views. */
  conversion: z.number().nullable(),
};

export const conversionRowSchema = z.object({
  /**
   * The product's id, the source's name, the campaign, the country (ISO 3166-1 alpha-2) or the
   * day (`yyyy-MM-dd`); empty for views and sales that did not say their source, campaign or
   * country.
   */
  key: z.string(),
  /** The product's title; the key itself for the other groups. */
  label: z.string(),
  ...figuresShape,
});
export type ConversionRow = z.infer<typeof conversionRowSchema>;

export const conversionResponseSchema = z.object({
  /**
   * By day: every day of the period, oldest first, zero days too. Otherwise every key with
   * views or sales, most sales first, then most views.
   */
  rows: z.array(conversionRowSchema),
  totals: z.object(figuresShape),
  /** The period read, filled in with the defaults. */
  from: z.iso.date(),
  to: z.iso.date(),
});
export type ConversionResponse = z.infer<typeof conversionResponseSchema>;

export const getConversionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/analytics/conversion',
  operationId: 'getConversion',
  summary: "Views, sales and conversion of the seller's products",
  description:
    "The seller's product views and sales over a period of local days (`from` to `to`, both included; the last 30 days by default, at most 366), grouped by `product`, `source`, `campaign`, `country` or `day`, optionally for one product (another seller's or an unknown product is 404). Sales are net of refunds, as on the sales screens: a sale counts on its own day for its amount less its refunds, a fully refunded sale not at all; each sale under its own source (its `source`, else its `utmSource`, by the same names as the views), campaign and buyer's country. `conversion = min(sales ÷ views, 1)`, null without views.",
  tags: ['analytics'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: conversionQuerySchema,
  response: conversionResponseSchema,
});
