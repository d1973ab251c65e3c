import { recordRefundEndpoint } from '@seller/contract/internal/record-refund';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import type { RefundService } from './refunds.service.ts';

/** The member site's signed refund call, registered inside the internal scope. */
export function refundInternalRoutes(refunds: RefundService): InternalRoutes {
  return (scope) => {
    // By hand rather than `defineRoute`: a new refund is a 201, a replay of it a 200.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: recordRefundEndpoint.method,
      url: toFastifyPath(recordRefundEndpoint.path),
      schema: {
        ...routeSchema(recordRefundEndpoint),
        body: recordRefundEndpoint.body,
        response: { 200: recordRefundEndpoint.response, 201: recordRefundEndpoint.response },
      },
      handler: async (request, reply) => {
        const { created, refund, sale } = await refunds.record(request.body);
        return reply.code(created ? 201 : 200).send({ refund, sale });
      },
    });
  };
}
