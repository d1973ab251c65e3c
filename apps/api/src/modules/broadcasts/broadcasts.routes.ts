import { createBroadcastEndpoint } from '@seller/contract/customers/create-broadcast';
import { listBroadcastsEndpoint } from '@seller/contract/customers/list-broadcasts';
import { unsubscribeEndpoint } from '@seller/contract/customers/unsubscribe';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { BroadcastService } from './broadcasts.service.ts';

export async function broadcastRoutes(
  app: FastifyInstance,
  options: { broadcasts: BroadcastService },
) {
  const { broadcasts } = options;

  defineRoute(app, listBroadcastsEndpoint, ({ seller, query }) =>
    broadcasts.list(seller.id, query),
  );
  defineRoute(app, createBroadcastEndpoint, ({ seller, body }) =>
    broadcasts.create(seller.id, body),
  );
  // Public: the buyer's mail client posts it (RFC 8058), or the unsubscribe page's button.
  defineRoute(app, unsubscribeEndpoint, ({ params }) => broadcasts.unsubscribe(params.token));
}
