import { defineEndpoint } from '../endpoint.ts';
import { productIdParamsSchema } from './product.ts';

export const deleteProductEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/products/{id}',
  operationId: 'deleteProduct',
  summary: 'Delete a product',
  description:
    'Soft delete: the status becomes deleted and the product leaves the list; its files and sales stay. Deleting again answers 204 as well. No body is needed; an empty JSON body is accepted.',
  tags: ['products'],
  auth: true,
  scope: 'products:write',
  successStatus: 204,
  params: productIdParamsSchema,
});
