import { getGettingStartedEndpoint } from '@seller/contract/getting-started/get-getting-started';
import { updateGettingStartedEndpoint } from '@seller/contract/getting-started/update-getting-started';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { GettingStartedService } from './getting-started.service.ts';

export async function gettingStartedRoutes(
  app: FastifyInstance,
  options: { gettingStarted: GettingStartedService },
) {
  const { gettingStarted } = options;
  defineRoute(app, getGettingStartedEndpoint, ({ seller }) => gettingStarted.get(seller.id));
  defineRoute(app, updateGettingStartedEndpoint, ({ seller, body }) =>
    gettingStarted.update(seller.id, body),
  );
}
