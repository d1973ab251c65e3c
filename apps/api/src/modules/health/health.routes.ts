import { getHealthEndpoint } from '@seller/contract/health';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { defineRoute } from '../../lib/define-route.ts';

export async function healthRoutes(app: FastifyInstance, options: { database: DatabaseHandle }) {
  defineRoute(app, getHealthEndpoint, async ({ request }) => {
    try {
      await options.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new AppError('service_unavailable', 'Database unavailable');
    }
    return { status: 'ok', database: 'ok' } as const;
  });
}
