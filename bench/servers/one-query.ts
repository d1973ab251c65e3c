// The floor of a call that reads the database: a bare Fastify 5 JSON route that runs one named
// prepared statement (`select 1`) through a node-postgres pool of the server's default size
// (DATABASE_POOL_SIZE, 10), started the same way as the real server. What the server spends per
// request above this is its own work: authentication, hooks, the query's rows, the answer.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
const statement = { name: 'one', text: 'select 1 as one', values: [] };
const app = Fastify({ logger: false });
app.get('/', async () => {
  const { rows } = await pool.query<{ one: number }>(statement);
  return { one: rows[0]?.one ?? 0 };
});
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
