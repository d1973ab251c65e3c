import { Readable } from 'node:stream';
import { exportCustomersEndpoint } from '@seller/contract/customers/export-customers';
import { getCustomerEndpoint } from '@seller/contract/customers/get-customer';
import { listCustomersEndpoint } from '@seller/contract/customers/list-customers';
import { recordConsentEndpoint } from '@seller/contract/internal/record-consent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import { attachmentDisposition } from '../../storage/content-disposition.ts';
import type { CustomerService } from './customers.service.ts';

export async function customerRoutes(
  app: FastifyInstance,
  options: { customers: CustomerService },
) {
  const { customers } = options;

  defineRoute(app, listCustomersEndpoint, ({ seller, query }) => customers.list(seller.id, query));

  // A file, not JSON: registered by hand with the contract's query schema.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: exportCustomersEndpoint.method,
    url: toFastifyPath(exportCustomersEndpoint.path),
    schema: { ...routeSchema(exportCustomersEndpoint), querystring: exportCustomersEndpoint.query },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      const { fileName, lines } = await customers.exportCsv(request.seller.id, request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  });

  defineRoute(app, getCustomerEndpoint, ({ seller, params }) =>
    customers.get(seller.id, params.id),
  );
}

/** The member site's signed calls, registered inside the internal scope (signature checked). */
export function customerInternalRoutes(customers: CustomerService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, recordConsentEndpoint, ({ body }) => customers.recordConsent(body));
  };
}
