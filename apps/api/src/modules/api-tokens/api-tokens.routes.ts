import { createApiTokenEndpoint } from '@seller/contract/developer/create-api-token';
import { listApiTokensEndpoint } from '@seller/contract/developer/list-api-tokens';
import { deleteApiTokenEndpoint } from '@seller/contract/developer/revoke-api-token';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { ApiTokenService } from './api-tokens.service.ts';

export async function apiTokenRoutes(
  app: FastifyInstance,
  options: { apiTokens: ApiTokenService },
) {
  const { apiTokens } = options;
  defineRoute(app, createApiTokenEndpoint, ({ seller, body, request }) =>
    apiTokens.create(seller.id, body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  defineRoute(app, listApiTokensEndpoint, async ({ seller }) => ({
    tokens: await apiTokens.list(seller.id),
  }));
  defineRoute(app, deleteApiTokenEndpoint, async ({ seller, params, request }) => {
    await apiTokens.revoke(seller.id, params.id, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
  });
}
