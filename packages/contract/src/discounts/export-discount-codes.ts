import { defineEndpoint } from '../endpoint.ts';
import { discountParamsSchema } from './discount.ts';

/** The columns of the export of single-use codes, in order. */
export const discountCodesCsvColumns = ['code', 'uses', 'usedAt', 'orderId'] as const;

export const exportDiscountCodesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/discounts/{id}/codes/export',
  operationId: 'exportDiscountCodes',
  summary: 'The single-use codes of a discount as a CSV file',
  description:
    '`text/csv` in UTF-8 with a byte order mark, one line per single-use code in the order they were made: `code, uses, usedAt, orderId` (the local time of its use and the order that used it; empty before it is used).',
  tags: ['discounts'],
  auth: true,
  successStatus: 200,
  params: discountParamsSchema,
  produces: 'text/csv',
});
