import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits } from '../limits.ts';
import { productDetailSchema } from './product.ts';
import {
  attachedThumbnailSchema,
  attachedUploadSchema,
  descriptionSchema,
  downloadLimitInputSchema,
  downloadLimitSchema,
  duplicateKeys,
  priceInputSchema,
  priceSchema,
  titleSchema,
} from './product-fields.ts';

export const productFilesSchema = z
  .array(attachedUploadSchema, { error: 'fileRequired' })
  .min(1, 'fileRequired')
  .max(limits.productFiles.max, 'tooManyFiles');

export const productThumbnailsSchema = z
  .array(attachedThumbnailSchema, { error: 'thumbnailRequired' })
  .min(1, 'thumbnailRequired')
  .max(limits.thumbnails.max, 'maxImages');

export const createProductBodySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    price: priceSchema,
    /** Downloads per purchase, 0 for unlimited; 5 when absent. */
    download_limit: downloadLimitSchema.optional(),
    files: productFilesSchema,
    thumbnails: productThumbnailsSchema,
  })
  .superRefine((body, context) => {
    if (duplicateKeys([...body.files, ...body.thumbnails])) {
      context.addIssue({ code: 'custom', path: ['files'], message: 'duplicateUpload' });
    }
    if (body.thumbnails.filter((thumbnail) => thumbnail.is_main).length > 1) {
      context.addIssue({ code: 'custom', path: ['thumbnails'], message: 'oneMainThumbnail' });
    }
  });
export type CreateProductBody = z.input<typeof createProductBodySchema>;

export const createProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/products/create',
  operationId: 'createProduct',
  summary: 'Create a product',
  description:
    'Creates a product from completed uploads of this seller: 1 to 10 files and 1 to 5 thumbnails; the first thumbnail is main unless one has `is_main`. `download_limit` (0 to 100, 0 = unlimited) is how many downloads each buyer gets per purchase, 5 when absent. A key that is not a completed, unused upload of the seller is 400 `upload_not_found`. New products are active, or pending while product review is on.',
  tags: ['products'],
  auth: true,
  scope: 'products:write',
  successStatus: 201,
  errors: ['upload_not_found', 'upload_incomplete', 'file_too_large', 'file_type_not_allowed'],
  body: createProductBodySchema,
  response: productDetailSchema,
});

/**
 * The create form of the web app; `item` is the form's own pending-upload schema. Counts
 * and fields use the same limits and message keys as the API.
 */
export function createProductFormSchemaFor<Item extends z.ZodType>(item: Item) {
  return z.object({
    title: titleSchema,
    description: z.string().trim().max(limits.description.max, 'descriptionTooLong'),
    price: priceInputSchema,
    download_limit: downloadLimitInputSchema,
    files: z.array(item).min(1, 'fileRequired').max(limits.productFiles.max, 'tooManyFiles'),
    thumbnails: z.array(item).min(1, 'thumbnailRequired').max(limits.thumbnails.max, 'maxImages'),
  });
}

export const createProductFormSchema = createProductFormSchemaFor(z.unknown());
export type CreateProductForm = z.input<typeof createProductFormSchema>;
