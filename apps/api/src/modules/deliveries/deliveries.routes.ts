import { createDeliveryEndpoint } from '@seller/contract/internal/create-delivery';
import { getSaleEndpoint } from '@seller/contract/sales/get-sale';
import { getSaleEvidenceEndpoint } from '@seller/contract/sales/get-sale-evidence';
import { getSaleEvidencePdfEndpoint } from '@seller/contract/sales/get-sale-evidence-pdf';
import { resetSaleDownloadsEndpoint } from '@seller/contract/sales/reset-sale-downloads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { DeliveryService } from './deliveries.service.ts';

/** The seller's view of a sale's downloads: the sale's detail and the reset. */
export async function deliveryRoutes(
  app: FastifyInstance,
  options: { deliveries: DeliveryService },
) {
  const { deliveries } = options;
  defineRoute(app, getSaleEndpoint, ({ seller, params }) =>
    deliveries.sale(seller.id, params.purchaseId),
  );
  defineRoute(app, getSaleEvidenceEndpoint, ({ seller, params }) =>
    deliveries.evidence(seller.id, params.purchaseId),
  );
  // A file, not JSON: registered by hand with the contract's schemas.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getSaleEvidencePdfEndpoint.method,
    url: toFastifyPath(getSaleEvidencePdfEndpoint.path),
    schema: {
      ...routeSchema(getSaleEvidencePdfEndpoint),
      params: getSaleEvidencePdfEndpoint.params,
      querystring: getSaleEvidencePdfEndpoint.query,
    },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      const { fileName, bytes } = await deliveries.evidencePdf(
        request.seller.id,
        request.params.purchaseId,
        request.query.lang,
      );
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(bytes);
    },
  });
  defineRoute(app, resetSaleDownloadsEndpoint, ({ seller, params }) =>
    deliveries.resetDownloads(seller.id, params.purchaseId),
  );
}

/** The member site's signed delivery call, registered inside the internal scope. */
export function deliveryInternalRoutes(deliveries: DeliveryService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, createDeliveryEndpoint, ({ body }) => deliveries.deliver(body));
  };
}
