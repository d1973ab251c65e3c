import { getConversionEndpoint } from '@seller/contract/analytics/get-conversion';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { AnalyticsService } from './analytics.service.ts';

export async function analyticsRoutes(
  app: FastifyInstance,
  options: { analytics: AnalyticsService },
) {
  const { analytics } = options;

  defineRoute(app, getConversionEndpoint, ({ seller, query }) =>
    analytics.conversion(seller.id, query),
  );
}
