import { defineEndpoint } from '../endpoint.ts';
import { productIdParams } from './product.ts';

export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}',
  summary:
    'Soft delete: the status becomes deleted, the product leaves the list; its files and sales stay. Deleting again is a no-op.',
  tags: ['products'],
  auth: true,
  successStatus: 204,
  params: productIdParams,
});
