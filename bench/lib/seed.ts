/** Direct SQL set-up for the benchmarks: migrations, sellers and products, session tokens. */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createTokenService } from '../../apps/api/src/modules/auth/tokens.ts';
import { withAdminClient } from '../../apps/api/src/test/postgres-admin.ts';
import {
  createDatabase,
  dropDatabase,
  type RunningServer,
  removeDir,
  type ServerSettings,
  startServer,
  tempDir,
} from './common.ts';

/** One client on `url` for `work`, closed afterwards (the API tests' own helper). */
export const withClient = withAdminClient;

/** Passed to the server as JWT_SECRET so that the benchmark can sign its sellers' tokens. */
export const benchJwtSecret = randomBytes(32).toString('base64url');

export async function migrate(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/** A scenario's own migrated database and data directory; `remove` drops both. */
export interface ScratchDatabase {
  databaseUrl: string;
  dataDir: string;
  remove(): Promise<void>;
}

/** Creates and migrates `bench_<label>_<random>` and a `bench-<label>-` data directory. */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const databaseUrl = await createDatabase(`bench_${label}`);
  const dataDir = tempDir(`bench-${label}`);
  const remove = async () => {
    removeDir(dataDir);
    await dropDatabase(databaseUrl);
  };
  try {
    await migrate(databaseUrl);
  } catch (error) {
    await remove();
    throw error;
  }
  return { databaseUrl, dataDir, remove };
}

/** The real server on a scratch database, accepting the tokens of `sessionToken`. */
export function startSeededServer(
  scratch: ScratchDatabase,
  env: ServerSettings['env'] = {},
): Promise<RunningServer> {
  return startServer({
    dataDir: scratch.dataDir,
    databaseUrl: scratch.databaseUrl,
    env: { JWT_SECRET: benchJwtSecret, ...env },
  });
}

/** A seller (who cannot sign in with a password: the hash is a placeholder) and N products. */
export async function insertSellerWithProducts(
  client: pg.Client,
  { products, label = 'bench' }: { products: number; label?: string },
): Promise<{ sellerId: string; productIds: string[] }> {
  const suffix = randomBytes(4).toString('hex');
  const { rows } = await client.query<{ id: string }>(
    `insert into sellers (email, nickname, password_hash, created_at)
     values ($1, $2, 'bench-no-password', now() - interval '3 years') returning id`,
    [`${label}-${suffix}@example.com`, `${label}${suffix}`],
  );
  const sellerId = (rows[0] as { id: string }).id;
  const inserted = await client.query<{ id: string }>(
    `insert into products (seller_id, title, description, price, status, created_at)
     select $1, 'Product ' || g, 'A benchmark product with a short description.', 10 + g, 'active',
            now() - make_interval(days => g)
     from generate_series(1, $2::int) g
     returning id`,
    [sellerId, products],
  );
  return { sellerId, productIds: inserted.rows.map((row) => row.id) };
}

/**
 * Signed-in sessions of these sellers, one each (the `seller_sessions` rows a sign-in opens),
 * and their tokens in the same order: every request checks its session, as a browser's do.
 */
export async function sessionTokens(databaseUrl: string, sellerIds: string[]): Promise<string[]> {
  const rows = await withClient(
    databaseUrl,
    async (client) =>
      (
        await client.query<{ id: string; seller_id: string }>(
          `insert into seller_sessions (seller_id, ip, user_agent, expires_at)
         select id, '127.0.0.1', 'bench', now() + interval '7 days'
         from unnest($1::uuid[]) as s(id)
         returning id, seller_id`,
          [sellerIds],
        )
      ).rows,
  );
  const sessionOf = new Map(rows.map((row) => [row.seller_id, row.id]));
  const tokens = createTokenService(benchJwtSecret, 7 * 24 * 3600);
  return Promise.all(
    sellerIds.map((sellerId) =>
      tokens.issue({ sellerId, tokenVersion: 0, sessionId: sessionOf.get(sellerId) as string }),
    ),
  );
}

/** A signed-in session of the seller, and its token. */
export async function sessionToken(databaseUrl: string, sellerId: string): Promise<string> {
  const [token] = await sessionTokens(databaseUrl, [sellerId]);
  return token as string;
}

/** A seller with `products` products on the scratch database, and a session token of theirs. */
export async function seedSeller(
  scratch: ScratchDatabase,
  products: number,
): Promise<{ sellerId: string; productIds: string[]; token: string }> {
  const seller = await withClient(scratch.databaseUrl, (client) =>
    insertSellerWithProducts(client, { products }),
  );
  return { ...seller, token: await sessionToken(scratch.databaseUrl, seller.sellerId) };
}
