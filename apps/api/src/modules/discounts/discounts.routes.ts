import { Readable } from 'node:stream';
import { archiveDiscountEndpoint } from '@seller/contract/discounts/archive-discount';
import { createDiscountEndpoint } from '@seller/contract/discounts/create-discount';
import { createDiscountCodesEndpoint } from '@seller/contract/discounts/create-discount-codes';
import { exportDiscountCodesEndpoint } from '@seller/contract/discounts/export-discount-codes';
import { listDiscountsEndpoint } from '@seller/contract/discounts/list-discounts';
import { updateDiscountEndpoint } from '@seller/contract/discounts/update-discount';
import { redeemDiscountEndpoint } from '@seller/contract/internal/redeem-discount';
import { releaseDiscountEndpoint } from '@seller/contract/internal/release-discount';
import { validateDiscountEndpoint } from '@seller/contract/internal/validate-discount';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import type { InternalRoutes } from '../../lib/internal-signature.ts';
import { attachmentDisposition } from '../../storage/content-disposition.ts';
import type { DiscountService } from './discounts.service.ts';

/** The seller's discount codes. */
export async function discountRoutes(
  app: FastifyInstance,
  options: { discounts: DiscountService },
) {
  const { discounts } = options;
  defineRoute(app, listDiscountsEndpoint, ({ seller, query }) => discounts.list(seller.id, query));
  defineRoute(app, createDiscountEndpoint, async ({ seller, body }) => ({
    discount: await discounts.create(seller.id, body),
  }));
  defineRoute(app, updateDiscountEndpoint, async ({ seller, params, body }) => ({
    discount: await discounts.update(seller.id, params.id, body),
  }));
  defineRoute(app, archiveDiscountEndpoint, ({ seller, params }) =>
    discounts.archive(seller.id, params.id),
  );
  defineRoute(app, createDiscountCodesEndpoint, ({ seller, params, body }) =>
    discounts.createCodes(seller.id, params.id, body),
  );

  // A file, not JSON: registered by hand with the contract's schemas.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: exportDiscountCodesEndpoint.method,
    url: toFastifyPath(exportDiscountCodesEndpoint.path),
    schema: {
      ...routeSchema(exportDiscountCodesEndpoint),
      params: exportDiscountCodesEndpoint.params,
    },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      const file = await discounts.exportCodes(request.seller.id, request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(file.lines));
    },
  });
}

/** The member site's signed calls, registered inside the internal scope (signature checked). */
export function discountInternalRoutes(discounts: DiscountService): InternalRoutes {
  return (scope) => {
    defineRoute(scope, validateDiscountEndpoint, ({ body }) => discounts.validate(body));

    // By hand rather than `defineRoute`: a new hold is a 201, a replay of it a 200.
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: redeemDiscountEndpoint.method,
      url: toFastifyPath(redeemDiscountEndpoint.path),
      schema: {
        ...routeSchema(redeemDiscountEndpoint),
        body: redeemDiscountEndpoint.body,
        response: { 200: redeemDiscountEndpoint.response, 201: redeemDiscountEndpoint.response },
      },
      handler: async (request, reply) => {
        const { created, redemption } = await discounts.redeem(request.body);
        return reply.code(created ? 201 : 200).send({ redemption });
      },
    });

    defineRoute(scope, releaseDiscountEndpoint, ({ params }) => discounts.release(params.orderId));
  };
}
