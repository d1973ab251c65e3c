import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const database = await openDatabase(
  config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: config.databasePoolSize,
        ingestPoolSize: config.databaseIngestPoolSize,
        readConnections: config.databaseReadConnections,
      }
    : { kind: 'pglite', dataDir: config.dataDir },
);
await database.migrate();
const app = await buildApp({ config, database }).catch(async (error: unknown) => {
  // A setting found bad while starting (GEOIP_COUNTRY_FILE's rows): its message, no stack.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  await database.close();
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.dataDir },
    `seller center ready on http://localhost:${config.port}`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await database.close();
  process.exit(1);
}
