import { z } from 'zod';
import { limits, productStatuses } from '../limits.ts';

/**
 * Product fields shared by the create/update bodies, the web forms and the responses.
 * The responses' field names are snake_case, as clients read them (docs/product-rules.md).
 * Messages are i18n keys under `validation.` in the web app's locale files.
 */

export const titleSchema = z
  .string({ error: 'titleRequired' })
  .trim()
  .min(1, 'titleRequired')
  .max(limits.title.max, 'titleTooLong');

/** Optional text; absent or null becomes ''. */
export const descriptionSchema = z
  .string({ error: 'descriptionInvalid' })
  .trim()
  .max(limits.description.max, 'descriptionTooLong')
  .nullish()
  .transform((value) => value ?? '');

/** A whole number of US dollars, at least 1 and at most `limits.price.max`. */
export const priceSchema = z
  .number({ error: 'priceRequired' })
  .int('priceInvalid')
  .min(limits.price.min, 'priceInvalid')
  .max(limits.price.max, 'priceTooHigh');

/** The price as typed in the form (digits only), checked like `priceField`. */
export const priceInputSchema = z
  .string({ error: 'priceRequired' })
  .trim()
  .min(1, 'priceRequired')
  .regex(/^\d+$/, 'priceInvalid')
  .refine((value) => Number(value) >= limits.price.min, 'priceInvalid')
  .refine((value) => Number(value) <= limits.price.max, 'priceTooHigh');

/** Keeps what the price input accepts: digits only, and never a lone or leading 0. */
export function sanitizePriceInput(raw: string): string {
  return raw.replace(/\D/g, '').replace(/^0+/, '');
}

/**
 * How many times a buyer may download the product's files per purchase, from 0 to 100; 0 is
 * unlimited. New products get 5 (docs/product-rules.md, Buyer delivery).
 */
export const downloadLimitSchema = z
  .number({ error: 'downloadLimitInvalid' })
  .int('downloadLimitInvalid')
  .min(limits.downloadLimit.min, 'downloadLimitInvalid')
  .max(limits.downloadLimit.max, 'downloadLimitInvalid');

/**
 * The download limit as typed in the product forms (digits only), checked like
 * `downloadLimitSchema`: 0 (unlimited) to 100.
 */
export const downloadLimitInputSchema = z
  .string({ error: 'downloadLimitInvalid' })
  .trim()
  .regex(/^\d{1,3}$/, 'downloadLimitInvalid')
  .refine((value) => Number(value) >= limits.downloadLimit.min, 'downloadLimitInvalid')
  .refine((value) => Number(value) <= limits.downloadLimit.max, 'downloadLimitInvalid');

/** Keeps what the download-limit input accepts: up to three digits, no leading 0 but a lone one. */
export function sanitizeDownloadLimitInput(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 3);
}

/** The statuses a seller may choose on edit; pending and deleted are never chosen by a seller. */
export const sellerStatuses = ['active', 'inactive'] as const;
export const sellerStatusSchema = z.enum(sellerStatuses, { error: 'statusInvalid' });

/**
 * One uploaded item as the uploader returns it (`s3Key`, `bucket`, `originalName`, `size`,
 * `type`, `publicUrl`). Only `s3Key` is read: the server takes the name, size and type from
 * its own upload record, and every other field is ignored.
 */
export const attachedUploadSchema = z.object({
  s3Key: z.string({ error: 'uploadInvalid' }).min(1, 'uploadInvalid').max(1024, 'uploadInvalid'),
});
export type AttachedUpload = z.input<typeof attachedUploadSchema>;

/** Whether delivered PDFs carry the buyer's email and order id on every page. */
export const pdfStampSchema = z.boolean({ error: 'pdfStampInvalid' });

/** A PDF file's first pages offered as a sample: 0 (none) to 20. */
export const samplePagesSchema = z
  .number({ error: 'samplePagesInvalid' })
  .int('samplePagesInvalid')
  .min(limits.samplePages.min, 'samplePagesInvalid')
  .max(limits.samplePages.max, 'samplePagesInvalid');

/** A thumbnail may be marked main (`is_main` true or 1); when none is, the first is main. */
export const attachedThumbnailSchema = attachedUploadSchema.extend({
  is_main: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'uploadInvalid' })
    .optional()
    .transform((value) => value === true || value === 1),
});
export type AttachedThumbnail = z.input<typeof attachedThumbnailSchema>;

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

/** Keys that appear more than once in one request are refused. */
export function duplicateKeys(items: readonly { s3Key: string }[]): boolean {
  return new Set(items.map((item) => item.s3Key)).size !== items.length;
}
