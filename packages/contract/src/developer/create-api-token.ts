import { z } from 'zod';
import { apiScopeSchema } from '../api-scopes.ts';
import { defineEndpoint } from '../endpoint.ts';

export const apiTokenNameSchema = z
  .string({ error: 'tokenNameRequired' })
  .trim()
  .min(1, 'tokenNameRequired')
  .max(60, 'tokenNameTooLong');

export const createApiTokenBodySchema = z.object({
  name: apiTokenNameSchema,
  scopes: z
    .array(apiScopeSchema, { error: 'scopesRequired' })
    .min(1, 'scopesRequired')
    .max(3, 'scopeInvalid')
    .refine((scopes) => new Set(scopes).size === scopes.length, 'scopeInvalid'),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

export const createdApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The secret, shown this once: only its hash is kept. Send it as `Authorization: Bearer`. */
  token: z.string(),
  createdAt: z.iso.datetime(),
});

export const createApiTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/auth/api-tokens',
  operationId: 'createApiToken',
  summary: 'Create a personal API token',
  description:
    'A token for scripts, with a name and scopes (`products:read`, `products:write`, `sales:read`). The secret (`sc_…`) is in this answer only; send it as `Authorization: Bearer <token>`. A token reaches only the operations of its scopes (403 `insufficient_scope` otherwise) and never the account itself: tokens, webhooks, password, two factors, profile and payout details need a signed-in session. At most 20 tokens per seller.',
  tags: ['developer'],
  auth: true,
  successStatus: 201,
  errors: ['conflict'],
  body: createApiTokenBodySchema,
  response: createdApiTokenSchema,
});
