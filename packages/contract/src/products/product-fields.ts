import { z } from 'zod';
import { limits } from '../limits.ts';

/**
 * The product fields a seller sends, shared by the create and update bodies and the web forms,
 * with their rules. Messages are i18n keys under `validation.` in the web app's locale files.
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

/** Keys that appear more than once in one request are refused. */
export function duplicateKeys(items: readonly { s3Key: string }[]): boolean {
  return new Set(items.map((item) => item.s3Key)).size !== items.length;
}
