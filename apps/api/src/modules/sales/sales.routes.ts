import { Readable } from 'node:stream';
import { exportSalesEndpoint } from '@seller/contract/sales/export-sales';
import { getDailySalesEndpoint } from '@seller/contract/sales/get-daily-sales';
import { getSalesByProductEndpoint } from '@seller/contract/sales/get-sales-by-product';
import { getSalesOverviewEndpoint } from '@seller/contract/sales/get-sales-overview';
import { getSalesStatsEndpoint } from '@seller/contract/sales/get-sales-stats';
import { getTransactionsEndpoint } from '@seller/contract/sales/get-transactions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute, routeSchema, toFastifyPath } from '../../lib/define-route.ts';
import { attachmentDisposition } from '../../storage/content-disposition.ts';
import type { SalesService } from './sales.service.ts';

export async function salesRoutes(app: FastifyInstance, options: { sales: SalesService }) {
  const { sales } = options;

  defineRoute(app, getSalesStatsEndpoint, ({ seller }) => sales.stats(seller.id));
  defineRoute(app, getTransactionsEndpoint, ({ seller, query }) =>
    sales.transactions(seller.id, query),
  );
  defineRoute(app, getDailySalesEndpoint, ({ seller, query }) =>
    sales.daily(seller.id, query.days),
  );
  defineRoute(app, getSalesByProductEndpoint, ({ seller }) => sales.byProduct(seller.id));
  defineRoute(app, getSalesOverviewEndpoint, ({ seller }) => sales.overview(seller.id));

  // A file, not JSON: registered by hand with the contract's query schema.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: exportSalesEndpoint.method,
    url: toFastifyPath(exportSalesEndpoint.path),
    schema: { ...routeSchema(exportSalesEndpoint), querystring: exportSalesEndpoint.query },
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      if (!request.seller) throw new AppError('unauthorized', 'Sign in to continue');
      const { fileName, lines } = await sales.exportCsv(request.seller.id, request.query.period);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  });
}
