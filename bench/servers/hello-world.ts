// The baseline of the throughput benchmark: a bare Fastify 5 JSON hello-world, started the same
// way as the real server (node --import tsx, NODE_ENV=production, PORT/HOST from the env).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
