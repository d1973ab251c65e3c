import { z } from 'zod';

/**
 * A product as the public catalog shows it: what a visitor of the member site may see, and
 * nothing private. Never counts (views, sales), revenue, file URLs or the status: only active
 * products are in the catalog at all. Field names are snake_case like the seller's own product
 * answers, so that the member site reads one vocabulary.
 */
export const catalogProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Whole US dollars. */
  price: z.number().int(),
  /** The main thumbnail's public URL, null when the product has none. */
  thumbnail_url: z.string().nullable(),
  file_count: z.number().int(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/**
 * A nickname in the catalog's paths. Any string is accepted here: a nickname that no seller has
 * (or that no seller could have) is answered like an unknown one, 404.
 */
export const catalogSellerParamsSchema = z.object({ nickname: z.string() });

/** A nickname and a product id; an id that is not a uuid is a 404 like a missing product. */
export const catalogProductParamsSchema = catalogSellerParamsSchema.extend({
  productId: z.string(),
});

/** What both catalog reads say of their caching and cross-origin use (their descriptions). */
export const catalogReadRules =
  'No authentication: any site may read it (`Access-Control-Allow-Origin: *`). Cacheable by anyone: `Cache-Control: public, max-age=60, stale-while-revalidate=600` and a strong `ETag`; a request whose `If-None-Match` names the current ETag is answered 304 without a body.';
