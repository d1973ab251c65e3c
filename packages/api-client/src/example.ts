/**
 * How a program calls the API with the generated client, and what the types guarantee. Only
 * compiled (`tsc -p packages/api-client`): a change of the document that breaks these uses
 * fails the type check.
 */
import createClient from 'openapi-fetch';
import type { ApiErrorCode } from './index';
import type { paths } from './schema';

export async function example(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

  const { data, error } = await client.GET('/api/products/sales/transactions', {
    params: { query: { page: 2, limit: 20, period: 'week' } },
  });
  if (error) {
    // Every error answer carries a code of the catalogue, not any string.
    const code: ApiErrorCode = error.code;
    // @ts-expect-error: a string outside the catalogue is not an error code.
    const unknown: ApiErrorCode = 'teapot';
    // `details` items are `{ path, code, message }`.
    const fields = (error.details ?? []).map((issue) => `${issue.path}: ${issue.code}`);
    return { code, unknown, fields };
  }
  const total: number = data.pagination.total;
  const firstSale: string | undefined = data.transactions[0]?.purchase_date;
  return { total, firstSale };
}
