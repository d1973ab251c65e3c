import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { transactionSchema } from '../sales/get-transactions.ts';
import { customerSchema } from './customer.ts';

/** A customer in the path (`id` of the list); any other string is a 404. */
export const customerParamsSchema = z.object({ id: z.string() });

export const customerDetailSchema = z.object({
  customer: customerSchema,
  /** The buyer's sales as the transactions list shows them, newest first (the latest 100). */
  sales: z.array(transactionSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const getCustomerEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customers/{id}',
  operationId: 'getCustomer',
  summary: 'One buyer with their sales',
  description:
    "One buyer of the seller and their sales, newest first (the latest 100). Another seller's buyer, or an id that is not one, is 404.",
  tags: ['customers'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  errors: ['not_found'],
  params: customerParamsSchema,
  response: customerDetailSchema,
});
