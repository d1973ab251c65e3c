import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { customerFiltersShape } from './customer.ts';

export const exportCustomersQuerySchema = z.object(customerFiltersShape);
export type ExportCustomersQuery = z.input<typeof exportCustomersQuerySchema>;

/** The columns of the CSV file, in order. */
export const customersCsvColumns = [
  'email',
  'name',
  'country',
  'locale',
  'purchases',
  'total_net_krw',
  /** Local times of the server's time zone. */
  'first_purchase_at',
  'last_purchase_at',
  /** The products bought, separated by spaces. */
  'product_ids',
  'marketing_consent',
  'product_updates',
] as const;

export const exportCustomersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customers/export',
  operationId: 'exportCustomers',
  summary: "The seller's buyers as a CSV file",
  description:
    "The buyers the list would show with the same filters and sort, all of them, as `text/csv` in UTF-8 with a byte order mark, as an attachment named `customers-<yyyy-MM-dd>.csv`. Dates are local to the server's time zone.",
  tags: ['customers'],
  auth: true,
  scope: 'sales:read',
  successStatus: 200,
  query: exportCustomersQuerySchema,
  produces: 'text/csv',
});
