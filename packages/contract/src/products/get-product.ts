import { defineEndpoint } from '../endpoint.ts';
import { productDetailSchema, productIdParamsSchema } from './product.ts';

export const getProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}',
  operationId: 'getProduct',
  summary: 'One product with its files and thumbnails',
  description:
    "One of the seller's products with its files and thumbnails, main thumbnail first. Deleted products still open. Another seller's product, or an id that is not one, is 404.",
  tags: ['products'],
  auth: true,
  scope: 'products:read',
  successStatus: 200,
  params: productIdParamsSchema,
  response: productDetailSchema,
});
