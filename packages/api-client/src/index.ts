import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** The body of every error answer (the document's `Error` schema). */
export type ApiErrorBody = components['schemas']['Error'];
/** The error catalogue: every `code` an error answer may carry. */
export type ApiErrorCode = ApiErrorBody['code'];

/**
 * A client of the seller center API typed from its OpenAPI document (`schema.d.ts`, generated
 * by `npm run generate:client`): paths, parameters, bodies, answers and errors.
 */
export function createSellerCenterClient(options: ClientOptions = {}) {
  return createClient<paths>(options);
}
