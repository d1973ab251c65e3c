import { createBroadcastEndpoint } from '@seller/contract/customers/create-broadcast';
import { listBroadcastsEndpoint } from '@seller/contract/customers/list-broadcasts';
import { unsubscribeEndpoint } from '@seller/contract/customers/unsubscribe';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { BroadcastService } from './broadcasts.service.ts';

/** The one-click form is a few dozen bytes. */
const oneClickBodyLimit = 4096;

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
  await app.register(async (scope) => {
    // A mail client's one-click POST carries the form `List-Unsubscribe=One-Click`
    // (urlencoded or multipart): taken and left unread, the token alone decides.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: oneClickBodyLimit },
      (_request, _body, done) => done(null, undefined),
    );
    defineRoute(scope, unsubscribeEndpoint, ({ params }) => broadcasts.unsubscribe(params.token));
  });
}
