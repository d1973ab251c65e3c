import { Redis } from 'ioredis';
import { beforeAll, describe, it } from 'vitest';

const localRedisUrl = 'redis://127.0.0.1:6379';

/** Whether a Redis answers at the local default address (refused at once when none listens). */
async function localRedisAnswers(): Promise<boolean> {
  try {
    (await connectTestRedis(localRedisUrl)).disconnect();
    return true;
  } catch {
    return false;
  }
}

/**
 * The Redis server of the Redis-backed tests: REDIS_URL, or else a Redis answering at
 * redis://127.0.0.1:6379. With neither, those suites are left out of the run with a notice;
 * under CI that would hide that they never ran, so there they fail instead.
 */
export const testRedisUrl: string | undefined =
  process.env.REDIS_URL || ((await localRedisAnswers()) ? localRedisUrl : undefined);

const underCi = Boolean(process.env.CI) && !['false', '0'].includes(process.env.CI ?? '');

/** A connection for the test's own checks, refused at once when nothing answers. */
export async function connectTestRedis(url: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    throw new Error(
      `REDIS_URL is ${url}, but no Redis answers there (${(error as Error).message}). Start one, e.g. redis-server --port 6379 --save "" --appendonly no.`,
    );
  }
}

/** Deletes the keys a test wrote under its own prefix (the server is shared with other runs). */
export async function deleteKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/**
 * `describe` for tests that need a real Redis: they get REDIS_URL, after a check that it
 * answers (a set REDIS_URL that nothing answers fails them, it does not skip them).
 */
export function describeWithRedis(name: string, body: (url: string) => void): void {
  if (testRedisUrl) {
    const url = testRedisUrl;
    describe(name, () => {
      beforeAll(async () => {
        (await connectTestRedis(url)).disconnect();
      });
      body(url);
    });
    return;
  }
  if (underCi) {
    describe(name, () => {
      it('has a Redis to run against', () => {
        throw new Error(
          'CI is set but REDIS_URL is not: these tests need a Redis (REDIS_URL=redis://127.0.0.1:6379); CI must not skip them.',
        );
      });
    });
    return;
  }
  // No Redis on this machine: the suite is left out of the run (the rest of the file runs), and
  // the notice says so; `npm run test:redis` and CI always run it.
  console.warn(
    `Not run: "${name}": no Redis answers at ${localRedisUrl}; start one there, or set REDIS_URL, to run it.`,
  );
}
