import { Readable } from 'node:stream';
import { listDuePayoutsEndpoint } from '@seller/contract/internal/list-due-payouts';
import { recordPayoutEndpoint } from '@seller/contract/internal/record-payout';
import { exportLedgerEndpoint } from '@seller/contract/payouts/export-ledger';
import { exportPayoutStatementEndpoint } from '@seller/contract/payouts/export-payout-statement';
import { getLedgerEndpoint } from '@seller/contract/payouts/get-ledger';
import { getPayoutEndpoint } from '@seller/contract/payouts/get-payout';
import { getPayoutBalanceEndpoint } from '@seller/contract/payouts/get-payout-balance';
import { listPayoutsEndpoint } from '@seller/contract/payouts/list-payouts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import { attachmentDisposition } from '../../storage/content-disposition.ts';
import type { PayoutService } from './payouts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payouts service, for the operator's commands (`npm run payouts:record`, `payouts:due`). */
    payouts: PayoutService;
  }
}

function sendCsv(reply: FastifyReply, file: { fileName: string; lines: AsyncIterable<string> }) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(file.lines));
}

/** The seller's side: balance, ledger, payouts and their statements. */
export async function payoutRoutes(app: FastifyInstance, options: { payouts: PayoutService }) {
  const { payouts } = options;

  defineRoute(app, getPayoutBalanceEndpoint, ({ seller }) => payouts.balance(seller.id));
  defineRoute(app, getLedgerEndpoint, ({ seller, query }) => payouts.ledger(seller.id, query));
  defineRoute(app, listPayoutsEndpoint, ({ seller, query }) => payouts.list(seller.id, query));
  defineRoute(app, getPayoutEndpoint, ({ seller, params }) => payouts.get(seller.id, params.id));

  // Files, not JSON: registered by hand with the contract's schemas.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    method: exportLedgerEndpoint.method,
    url: toFastifyPath(exportLedgerEndpoint.path),
    schema: { ...routeSchema(exportLedgerEndpoint), querystring: exportLedgerEndpoint.query },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      return sendCsv(reply, payouts.exportLedger(request.seller.id, request.query));
    },
  });
  typed.route({
    method: exportPayoutStatementEndpoint.method,
    url: toFastifyPath(exportPayoutStatementEndpoint.path),
    schema: {
      ...routeSchema(exportPayoutStatementEndpoint),
      params: exportPayoutStatementEndpoint.params,
    },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      return sendCsv(reply, await payouts.exportStatement(request.seller.id, request.params.id));
    },
  });
}

/** The operator's signed calls, registered inside the internal scope (signature checked). */
export function payoutInternalRoutes(payouts: PayoutService): InternalRoutes {
  return (scope) => {
    // By hand rather than `defineRoute`: a new payout is a 201, a replay of it a 200.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: recordPayoutEndpoint.method,
      url: toFastifyPath(recordPayoutEndpoint.path),
      schema: {
        ...routeSchema(recordPayoutEndpoint),
        body: recordPayoutEndpoint.body,
        response: { 200: recordPayoutEndpoint.response, 201: recordPayoutEndpoint.response },
      },
      handler: async (request, reply) => {
        const { created, payout, balance } = await payouts.record(request.body);
        return reply.code(created ? 201 : 200).send({ payout, balance });
      },
    });

    defineRoute(scope, listDuePayoutsEndpoint, async ({ body }) => ({
      sellers: await payouts.due(body.minAmount ?? 1),
    }));
  };
}
