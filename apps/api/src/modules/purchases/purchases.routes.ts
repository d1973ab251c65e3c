import { recordProductView } from '@seller/contract/sales/record-product-view';
import { recordPurchase } from '@seller/contract/sales/record-purchase';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { PurchaseService } from './purchases.service.ts';

/** The member site's signed calls, registered inside the internal scope (signature checked). */
export function purchaseInternalRoutes(purchases: PurchaseService): InternalRoutes {
  return (scope) => {
    // By hand rather than `defineRoute`: a new sale is a 201, a replay of it a 200.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: recordPurchase.method,
      url: toFastifyPath(recordPurchase.path),
      schema: {
        ...routeSchema(recordPurchase),
        body: recordPurchase.body,
        response: { 200: recordPurchase.response, 201: recordPurchase.response },
      },
      handler: async (request, reply) => {
        const { created, sale } = await purchases.record(request.body);
        return reply.code(created ? 201 : 200).send({ sale });
      },
    });

    defineRoute(scope, recordProductView, ({ params, body }) =>
      purchases.addViews(params.id, body.count),
    );
  };
}
