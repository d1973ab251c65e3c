import { z } from 'zod';
import { productStatuses } from '../limits.ts';

/**
 * A product as the responses give it. The responses' field names are snake_case, as clients
 * read them (docs/product-rules.md). The fields a seller sends, with their rules, are in
 * `product-fields.ts`: a screen that only reads products does not build them.
 */

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Whole US dollars. */
  price: z.number().int(),
  status: z.enum(productStatuses),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  view_count: z.number().int(),
  sales_count: z.number().int(),
  file_count: z.number().int(),
  /** The main thumbnail's public URL, null when the product has none. */
  thumbnail_url: z.string().nullable(),
  /** Downloads per purchase (each delivery counts one); 0 is unlimited. */
  download_limit: z.number().int(),
  /** Each delivered PDF carries the buyer's email and order id on every page. */
  pdf_stamp: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productFileSchema = z.object({
  id: z.string(),
  file_original_name: z.string(),
  /** Lowercase, without the dot: `pdf`, `zip`, `mp4`… */
  file_extension: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** The canonical content type. */
  file_type: z.string(),
  /** The newest version's number (1 for the file as first attached) and label. */
  version: z.number().int(),
  versionLabel: z.string().nullable(),
  /** Given away whole in the public catalog. */
  is_sample: z.boolean(),
  /** A PDF's first pages offered in the public catalog as a PDF of their own; 0 is none. */
  sample_pages: z.number().int(),
});
export type ProductFile = z.infer<typeof productFileSchema>;

export const productThumbnailSchema = z.object({
  id: z.string(),
  s3_url: z.string(),
  image_original_name: z.string(),
  /** 1 marks the main thumbnail; exactly one thumbnail of a product is main. */
  is_main: z.literal([0, 1]),
});
export type ProductThumbnail = z.infer<typeof productThumbnailSchema>;

/** A product with its files and thumbnails, in their order (main thumbnail first). */
export const productDetailSchema = z.object({
  product: productSchema,
  files: z.array(productFileSchema),
  thumbnails: z.array(productThumbnailSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * A product id in the path. Any string is accepted here: an id that is not a uuid is answered
 * like a missing product (404), the same as another seller's product.
 */
export const productIdParamsSchema = z.object({ id: z.string() });

/** A product and one of its files in the path; ids that are not uuids are 404s. */
export const productFileParamsSchema = z.object({ id: z.string(), fileId: z.string() });

/** One version of a product file. */
export const fileVersionSchema = z.object({
  id: z.string(),
  /** 1 for the file as first attached, then 2, 3… */
  number: z.number().int(),
  label: z.string().nullable(),
  changelog: z.string().nullable(),
  file_original_name: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** The bytes' SHA-256, hex; null until a first version is first delivered. */
  sha256: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;
