import { deleteAccountEndpoint } from '@seller/contract/auth/delete-account';
import { getDataExportEndpoint } from '@seller/contract/auth/get-data-export';
import { requestDataExportEndpoint } from '@seller/contract/auth/request-data-export';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { RequestClient } from '../auth/activity.service.ts';
import type { AccountService } from './account.service.ts';

const clientOf = (request: FastifyRequest): RequestClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/** The seller's data export and the deletion of the account. */
export async function accountRoutes(app: FastifyInstance, options: { account: AccountService }) {
  const { account } = options;

  defineRoute(app, requestDataExportEndpoint, ({ seller, request }) =>
    account.requestExport(seller.id, clientOf(request)),
  );
  defineRoute(app, getDataExportEndpoint, ({ seller }) => account.getExport(seller.id));
  defineRoute(app, deleteAccountEndpoint, async ({ seller, body, request }) => {
    await account.deleteAccount(seller.id, body, clientOf(request));
  });
}
