import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { testPasswordHashCost } from './password-hash-cost.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** The real application on a fresh database, with its data directory in a temp folder. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<
    AppDependencies,
    | 'onRoute'
    | 'logStream'
    | 'clock'
    | 'sleep'
    | 'passwordHashCost'
    | 'storage'
    | 'stampedCopyWaitMs'
  > = {},
  pools: Parameters<typeof openTestDatabase>[0] = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Suites sign many sellers up from one address; throttling has its own tests.
    RATE_LIMIT_SIGNUP_IP_PER_HOUR: '100000',
    RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const database = await openTestDatabase(pools);
  const app = await buildApp({
    config,
    database,
    passwordHashCost: testPasswordHashCost,
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another copy of the server over the same database and data directory, with its own
 * settings (key rotation, several copies behind a load balancer).
 */
export async function createSiblingApp(
  t: TestApp,
  env: Record<string, string>,
  options: Partial<Pick<AppDependencies, 'storage' | 'database'>> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGNUP_IP_PER_HOUR: '100000',
    RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '100000',
    WEB_DIST_DIR: t.config.webDistDir,
    ...env,
  });
  const app = await buildApp({
    config,
    passwordHashCost: testPasswordHashCost,
    ...options,
    database: options.database ?? t.database,
  });
  await app.ready();
  return app;
}
