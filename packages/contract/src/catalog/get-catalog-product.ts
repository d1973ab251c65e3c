import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { productFileSchema, productThumbnailSchema } from '../products/product.ts';
import {
  catalogProductParamsSchema,
  catalogProductSchema,
  catalogReadRules,
} from './catalog-product.ts';

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
});
export type CatalogProductPage = z.infer<typeof catalogProductPageSchema>;

export const getCatalogProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/sellers/{nickname}/products/{productId}',
  operationId: 'getCatalogProduct',
  summary: "A product's page in the catalog",
  description: `One active product of the seller for the member site: its public fields, what its files are (name, extension, size, type; never a download URL) in their order, and its images, main thumbnail first. 404 for an unknown nickname, a deleted account, and any product that is not active or not that seller's. ${catalogReadRules}`,
  tags: ['catalog'],
  auth: false,
  successStatus: 200,
  errors: ['not_found'],
  params: catalogProductParamsSchema,
  response: catalogProductPageSchema,
});
