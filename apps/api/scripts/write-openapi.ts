/**
 * Writes the OpenAPI document the server serves at /api/docs/json to the file given as the only
 * argument, for the OpenAPI lint and the generated client (scripts/lint-openapi.mjs,
 * scripts/generate-client.mjs). The app is built as the tests build it, without listening: an
 * in-memory PGlite, a temporary data folder, and only the settings below, so the document is
 * the same on every machine. The internal calls are documented only when the server has a
 * secret for them, so a placeholder one is set.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteExtensions } from '../src/db/client.ts';

const target = process.argv[2];
if (!target) {
  console.error('usage: write-openapi.ts <output.json>');
  process.exit(2);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-openapi-'));
const database = await openDatabase({
  kind: 'pglite',
  client: await PGlite.create({ extensions: await pgliteExtensions() }),
});
try {
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'openapi-document-openapi-document-0123',
    INTERNAL_API_SECRET: 'openapi-document-placeholder-secret',
    UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, database });
  try {
    const response = await app.inject({ url: '/api/docs/json' });
    if (response.statusCode !== 200) {
      throw new Error(`/api/docs/json answered ${response.statusCode}: ${response.body}`);
    }
    await writeFile(target, `${JSON.stringify(response.json(), null, 2)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
