import type { ResponseOf } from '@seller/contract/endpoint';
import type { getHealthEndpoint } from '@seller/contract/health';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { HealthRepository } from './health.repository.ts';

export type Health = ResponseOf<typeof getHealthEndpoint>;

/** What a load balancer probes: ok only while the database answers. */
export function createHealthService(deps: { health: HealthRepository }) {
  return {
    /** A 503 when the database does not answer; `log` hears why, the caller does not. */
    async check(log: Pick<FastifyBaseLogger, 'error'>): Promise<Health> {
      try {
        await deps.health.ping();
      } catch (error) {
        log.error({ err: error }, 'database ping failed');
        throw new AppError('service_unavailable', 'Database unavailable');
      }
      return { status: 'ok', database: 'ok' };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
