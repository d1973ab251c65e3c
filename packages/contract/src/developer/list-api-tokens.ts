import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { apiTokenSchema } from './api-token.ts';

export const listApiTokensEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auth/api-tokens',
  operationId: 'listApiTokens',
  summary: "The seller's API tokens",
  description:
    'Every token that is not revoked, newest first: name, scopes, creation and last use, and the first characters of the token. Never the secret.',
  tags: ['developer'],
  auth: true,
  successStatus: 200,
  response: z.object({ tokens: z.array(apiTokenSchema) }),
});
