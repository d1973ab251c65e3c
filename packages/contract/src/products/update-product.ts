import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { limits } from '../limits.ts';
import { productDetailSchema, productIdParamsSchema } from './product.ts';
import {
  attachedThumbnailSchema,
  attachedUploadSchema,
  downloadLimitInputSchema,
  downloadLimitSchema,
  duplicateKeys,
  pdfStampSchema,
  priceSchema,
  sellerStatusSchema,
  titleSchema,
} from './product-fields.ts';

const idList = z.array(z.string().max(100, 'idInvalid')).max(100, 'idInvalid').default([]);

export const updateProductBodySchema = z
  .object({
    title: titleSchema,
    /** Absent: unchanged; null or '': emptied. */
    description: z
      .string({ error: 'descriptionInvalid' })
      .trim()
      .max(limits.description.max, 'descriptionTooLong')
      .nullable()
      .transform((value) => value ?? '')
      .optional(),
    /** The price cannot change after creation; the same value (or none) is accepted. */
    price: priceSchema.optional(),
    /** Absent: unchanged. Only active and inactive; a pending product's status cannot be set. */
    status: sellerStatusSchema.optional(),
    /**
     * Absent: unchanged. Downloads per purchase, 0 for unlimited; applies at once to every
     * sale of the product, past ones included.
     */
    download_limit: downloadLimitSchema.optional(),
    /**
     * Absent: unchanged. Stamps every delivered PDF with the buyer's email and order id; turning
     * it on is refused while a PDF file of the product needs a password to open.
     */
    pdf_stamp: pdfStampSchema.optional(),
    newFiles: z
      .array(attachedUploadSchema)
      .max(limits.productFiles.max, 'tooManyFiles')
      .default([]),
    deletedFileIds: idList,
    newThumbnails: z
      .array(attachedThumbnailSchema)
      .max(limits.thumbnails.max, 'maxImages')
      .default([]),
    deletedThumbnailIds: idList,
  })
  .superRefine((body, context) => {
    if (duplicateKeys([...body.newFiles, ...body.newThumbnails])) {
      context.addIssue({ code: 'custom', path: ['newFiles'], message: 'duplicateUpload' });
    }
    if (body.newThumbnails.filter((thumbnail) => thumbnail.is_main).length > 1) {
      context.addIssue({ code: 'custom', path: ['newThumbnails'], message: 'oneMainThumbnail' });
    }
  });
export type UpdateProductBody = z.input<typeof updateProductBodySchema>;

export const updateProductEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/products/{id}',
  operationId: 'updateProduct',
  summary: 'Edit a product',
  description:
    'Edits title, description, status (active or inactive) and download limit (`download_limit`, 0 to 100, 0 = unlimited; it applies to past sales too), PDF stamping (`pdf_stamp`: each delivered PDF carries the email and order id of its buyer on every page; turning it on while a PDF file needs a password to open is 422 `pdf_password_protected`) and removes and adds files and thumbnails, all in one transaction. At least 1 and at most 10 files and 1 to 5 thumbnails must remain. The price cannot change (400 `price_not_editable`), a product under review cannot change its status (400 `status_not_editable`) and a deleted product cannot be edited (409 `product_deleted`).',
  tags: ['products'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: [
    'upload_not_found',
    'upload_incomplete',
    'file_too_large',
    'file_type_not_allowed',
    'price_not_editable',
    'status_not_editable',
    'product_deleted',
    'pdf_password_protected',
  ],
  params: productIdParamsSchema,
  body: updateProductBodySchema,
  response: productDetailSchema,
});

/** How many files or thumbnails a product has once the staged removals and additions apply. */
export function remainingCount(existing: number, stagedForRemoval: number, added: number): number {
  return existing - stagedForRemoval + added;
}

/**
 * How many files may be added: the maximum per product minus those the product has, plus
 * those marked for removal, never below 0 (docs/product-rules.md, Products).
 */
export function maxNewFiles(existing: number, stagedForRemoval: number): number {
  return Math.max(0, limits.productFiles.max - existing + stagedForRemoval);
}

export function maxNewThumbnails(existing: number, stagedForRemoval: number): number {
  return Math.max(0, limits.thumbnails.max - existing + stagedForRemoval);
}

/**
 * The edit form of the web app for a product that has `existing` files and thumbnails;
 * `item` is the form's own pending-upload schema.
 */
export function editProductFormSchema<Item extends z.ZodType>(
  item: Item,
  existing: { files: number; thumbnails: number },
) {
  return z
    .object({
      title: titleSchema,
      description: z.string().trim().max(limits.description.max, 'descriptionTooLong'),
      status: sellerStatusSchema,
      download_limit: downloadLimitInputSchema,
      newFiles: z.array(item),
      deletedFileIds: z.array(z.string()),
      newThumbnails: z.array(item),
      deletedThumbnailIds: z.array(z.string()),
    })
    .superRefine((form, context) => {
      const files = remainingCount(
        existing.files,
        form.deletedFileIds.length,
        form.newFiles.length,
      );
      if (files < 1)
        context.addIssue({ code: 'custom', path: ['newFiles'], message: 'fileRequired' });
      if (files > limits.productFiles.max) {
        context.addIssue({ code: 'custom', path: ['newFiles'], message: 'tooManyFiles' });
      }
      const thumbnails = remainingCount(
        existing.thumbnails,
        form.deletedThumbnailIds.length,
        form.newThumbnails.length,
      );
      if (thumbnails < 1) {
        context.addIssue({
          code: 'custom',
          path: ['newThumbnails'],
          message: 'minimumThumbnailRequired',
        });
      }
      if (thumbnails > limits.thumbnails.max) {
        context.addIssue({ code: 'custom', path: ['newThumbnails'], message: 'maxImages' });
      }
    });
}
