import type { DatabaseHandle } from '../../db/client.ts';

/** The database as the health check sees it: whether it answers a query now. */
export function createHealthRepository(database: Pick<DatabaseHandle, 'ping'>) {
  return {
    ping: () => database.ping(),
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
