import { defineEndpoint } from '../endpoint.ts';
import { productDetail, productIdParams } from './product.ts';

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/products/{id}',
  summary:
    "One of the seller's products with its files and thumbnails (deleted products still open). Another seller's product is a 404.",
  tags: ['products'],
  auth: true,
  successStatus: 200,
  params: productIdParams,
  response: productDetail,
});
