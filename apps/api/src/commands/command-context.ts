import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

/**
 * Runs an operator command with the server's configuration and database (DATABASE_URL, or
 * the PGlite data under DATA_DIR, which only one process may open: stop the server first).
 * Prints the error and exits with 1 on failure.
 */
export async function runCommand(
  work: (context: { config: Config; database: DatabaseHandle }) => Promise<string>,
): Promise<void> {
  let database: DatabaseHandle | undefined;
  try {
    const config = loadConfig();
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    await database.migrate();
    console.log(
      database.kind === 'postgres'
        ? 'database: PostgreSQL (DATABASE_URL)'
        : `database: PGlite under ${config.dataDir}`,
    );
    console.log(await work({ config, database }));
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}
