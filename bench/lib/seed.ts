/** Direct SQL set-up for the benchmarks: migrations, sellers and products, session tokens. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createTokenService } from '../../apps/api/src/modules/auth/tokens.ts';

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

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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

export function sessionToken(sellerId: string, tokenVersion = 0): Promise<string> {
  return createTokenService(benchJwtSecret, 7 * 24 * 3600).issue({ sellerId, tokenVersion });
}
