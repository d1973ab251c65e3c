import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits } from '../limits.ts';
import { fileVersionSchema, productFileParamsSchema } from './product.ts';
import { attachedUploadSchema } from './product-fields.ts';

/** Optional text: absent, null or blank is none. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const createFileVersionBodySchema = attachedUploadSchema.extend({
  /** Shown beside the number (`2024 edition`, `v3.1`). */
  label: optionalText(limits.versionLabel.max, 'versionLabelTooLong'),
  /** What changed, for the seller's buyers. */
  changelog: optionalText(limits.versionChangelog.max, 'changelogTooLong'),
});
export type CreateFileVersionBody = z.input<typeof createFileVersionBodySchema>;

export const createFileVersionResponseSchema = z.object({ version: fileVersionSchema });
export type CreateFileVersionResponse = z.infer<typeof createFileVersionResponseSchema>;

export const createFileVersionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/{id}/files/{fileId}/versions',
  operationId: 'createFileVersion',
  summary: 'Add a new version of a product file',
  description:
    "Makes a completed upload of this seller (the usual upload calls, `s3Key`) the newest version of one of the product's files, with an optional label and changelog. Deliveries serve the newest version from then on; every earlier version stays stored and listed. The file's sample pages are made again from the new version. A key that is not a completed, unused upload of the seller is 400 `upload_not_found`; a file with sample pages needs a PDF with at least that many pages (400 `sample_pages_not_pdf`, `sample_pages_beyond_document`); a PDF that needs a password to open is 422 `pdf_password_protected`, and a PDF over 2 GiB 413 `file_too_large`, while the product stamps its PDFs or the file offers sample pages. A deleted product is 409 `product_deleted`. Sends the webhook event `product.updated` with the file's new version.",
  tags: ['products'],
  auth: true,
  scope: 'products:write',
  successStatus: 201,
  errors: [
    'upload_not_found',
    'upload_incomplete',
    'product_deleted',
    'sample_pages_not_pdf',
    'sample_pages_beyond_document',
    'pdf_password_protected',
    'file_too_large',
  ],
  params: productFileParamsSchema,
  body: createFileVersionBodySchema,
  response: createFileVersionResponseSchema,
});
