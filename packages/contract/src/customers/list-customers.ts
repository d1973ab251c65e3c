import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { paginationSchema } from '../sales/get-transactions.ts';
import { customerFiltersShape, customerSchema, customersPageShape } from './customer.ts';

export const customersQuerySchema = z.object({ ...customerFiltersShape, ...customersPageShape });
export type CustomersQuery = z.input<typeof customersQuerySchema>;

export const customersResponseSchema = z.object({
  customers: z.array(customerSchema),
  pagination: paginationSchema,
});
export type CustomersResponse = z.infer<typeof customersResponseSchema>;

export const listCustomersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customers',
  operationId: 'listCustomers',
  summary: "The seller's buyers, a page at a time",
  description:
    "The seller's buyers, one per email (without regard to case), filtered by `query` (part of the email or name), `productId`, `country` and `consent`, sorted by `sort` (largest first: `lastPurchaseAt`, `totalNet` or `purchases`). A page past the last one is empty.",
  tags: ['customers'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: customersQuerySchema,
  response: customersResponseSchema,
});
