import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productFileSchema, productThumbnailSchema } from '../products/product.ts';
import {
  catalogProductParamsSchema,
  catalogProductSchema,
  catalogReadRules,
} from './catalog-product.ts';

export const sampleKinds = ['file', 'pdf_pages'] as const;

export type SampleKind = (typeof sampleKinds)[number];

export const catalogSampleSchema = z.object({
  /** The sample's id: the file version it is made from. */
  id: z.string(),
  fileName: z.string(),
  kind: z.enum(sampleKinds),
  /** Pages of the sample: those offered (`pdf_pages`), the PDF's when known (`file`), else null. */
  pages: z.number().int().nullable(),
  /** Bytes. */
  size: z.number().int(),
  url: z.string(),
});
export type CatalogSample = z.infer<typeof catalogSampleSchema>;

export const catalogProductPageSchema = z.object({
  seller: z.object({
    id: z.string(),
    nickname: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  product: catalogProductSchema,
  /** What the buyer gets, in the product's order: names, types and sizes, never a URL. */
  files: z.array(productFileSchema),
  /** The product's images, main thumbnail first. */
  thumbnails: z.array(productThumbnailSchema),
  /**
   * What a visitor may read before buying, in the files' order: a file given away whole
   * (`file`) or a PDF's first pages (`pdf_pages`), each from the file's newest version. The
   * `url` needs no signature, may be cached by anyone and never counts a download.
   */
  samples: z.array(catalogSampleSchema),
});
export type CatalogProductPage = z.infer<typeof catalogProductPageSchema>;

export const getCatalogProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/sellers/{nickname}/products/{productId}',
  operationId: 'getCatalogProduct',
  summary: "A product's page in the catalog",
  description: `One active product of the seller for the member site: its public fields, what its files are (name, extension, size, type; never a download URL) in their order, its images, main thumbnail first, and its samples (unsigned, cacheable URLs that never count a download). 404 for an unknown nickname, a deleted account, and any product that is not active or not that seller's. ${catalogReadRules}`,
  tags: ['catalog'],
  auth: false,
  successStatus: 200,
  errors: ['not_found'],
  params: catalogProductParamsSchema,
  response: catalogProductPageSchema,
});
