import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productFileParamsSchema, productFileSchema } from './product.ts';
import { samplePagesSchema } from './product-fields.ts';

export const updateProductFileBodySchema = z.object({
  /** Absent: unchanged. The whole file is given away in the public catalog. */
  is_sample: z.boolean({ error: 'invalid' }).optional(),
  /** Absent: unchanged. A PDF's first pages (1 to 20) offered as a PDF of their own; 0 is none. */
  sample_pages: samplePagesSchema.optional(),
});
export type UpdateProductFileBody = z.input<typeof updateProductFileBodySchema>;

export const updateProductFileResponseSchema = z.object({ file: productFileSchema });
export type UpdateProductFileResponse = z.infer<typeof updateProductFileResponseSchema>;

export const updateProductFileEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/products/{id}/files/{fileId}',
  operationId: 'updateProductFile',
  summary: "Set a product file's samples",
  description:
    "Whether the file is given away whole in the public catalog (`is_sample`) and how many of a PDF's first pages are offered there as a PDF of their own (`sample_pages`, 0 to 20; made from the newest version, and again for each new version). Sample pages of a file that is not a PDF are 400 `sample_pages_not_pdf`, more pages than the PDF has 400 `sample_pages_beyond_document`, a PDF that needs a password to open 422 `pdf_password_protected`, a PDF over 2 GiB 413 `file_too_large`. Samples never count a download. A deleted product is 409 `product_deleted`.",
  tags: ['products'],
  auth: true,
  scope: 'products:write',
  successStatus: 200,
  errors: [
    'product_deleted',
    'sample_pages_not_pdf',
    'sample_pages_beyond_document',
    'pdf_password_protected',
    'file_too_large',
  ],
  params: productFileParamsSchema,
  body: updateProductFileBodySchema,
  response: updateProductFileResponseSchema,
});
