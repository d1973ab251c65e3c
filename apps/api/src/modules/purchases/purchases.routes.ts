import { recordProductViewEndpoint } from '@seller/contract/sales/record-product-view';
import { recordProductViewsEndpoint } from '@seller/contract/sales/record-product-views';
import { recordPurchaseEndpoint } from '@seller/contract/sales/record-purchase';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { PurchaseService } from './purchases.service.ts';

/** The member site's signed calls, registered inside the internal scope (signature checked). */
export function purchaseInternalRoutes(purchases: PurchaseService): InternalRoutes {
  return (scope) => {
    // By hand rather than `defineRoute`: a new sale is a 201, a replay of it a 200.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: recordPurchaseEndpoint.method,
      url: toFastifyPath(recordPurchaseEndpoint.path),
      schema: {
        ...routeSchema(recordPurchaseEndpoint),
        body: recordPurchaseEndpoint.body,
        response: { 200: recordPurchaseEndpoint.response, 201: recordPurchaseEndpoint.response },
      },
      handler: async (request, reply) => {
        const { created, sale } = await purchases.record(request.body);
        return reply.code(created ? 201 : 200).send({ sale });
      },
    });

    defineRoute(scope, recordProductViewEndpoint, ({ params, body }) =>
      purchases.addViews(params.id, body.count),
    );

    defineRoute(scope, recordProductViewsEndpoint, ({ body }) =>
      purchases.addViewBatch(body.views),
    );
  };
}
