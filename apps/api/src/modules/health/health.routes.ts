import { getHealthEndpoint } from '@seller/contract/health';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/define-route.ts';
import type { HealthService } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance, options: { health: HealthService }) {
  defineRoute(app, getHealthEndpoint, ({ request }) => options.health.check(request.log));
}
