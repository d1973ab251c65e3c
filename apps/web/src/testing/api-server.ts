import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../../api/src/app.ts';
import { loadConfig } from '../../../api/src/config.ts';
import { openDatabase } from '../../../api/src/db/client.ts';
import { testPasswordHashCost } from '../../../api/src/test/password-hash-cost.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API server the web tests talk to, e.g. `http://127.0.0.1:41234`. */
    apiOrigin: string;
    /** Its INTERNAL_API_SECRET, for the member site's signed calls (recorded sales). */
    internalApiSecret: string;
  }
}

/**
 * The web project's global setup: the real API, built from apps/api on an embedded database
 * (PGlite) in a temporary data directory, listening on a free port of 127.0.0.1. The screens
 * under test call it as the browser would: same origin (the test document's address is the
 * server's, see dom-setup.ts), bearer token, uploads to its local storage.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-web-test-'));
  const internalApiSecret = randomBytes(32).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    INTERNAL_API_SECRET: internalApiSecret,
    // Every test signs a seller up from 127.0.0.1; throttling has its own API tests.
    RATE_LIMIT_SIGNUP_IP_PER_HOUR: '100000',
    RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '100000',
    UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
    // The developer screen's tests receive webhooks on a server of their own on 127.0.0.1.
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  const app = await buildApp({ config, database, passwordHashCost: testPasswordHashCost });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  project.provide('apiOrigin', `http://127.0.0.1:${port}`);
  project.provide('internalApiSecret', internalApiSecret);
  return async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
