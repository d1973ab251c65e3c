import net from 'node:net';

/** Forwards to PostgreSQL; `cutAll()` drops every connection, `cutOnBegin` drops at `begin`. */
export async function startProxy(upstreamUrl: string) {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  const state = { cutOnBegin: false, cuts: 0 };
  const server = net.createServer((client) => {
    const remote = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client);
    sockets.add(remote);
    const drop = () => {
      client.destroy();
      remote.destroy();
      sockets.delete(client);
      sockets.delete(remote);
    };
    client.on('data', (chunk: Buffer) => {
      if (state.cutOnBegin && /\bbegin\b/i.test(chunk.toString('latin1'))) {
        state.cuts += 1;
        drop();
        return;
      }
      remote.write(chunk);
    });
    remote.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', drop);
    remote.on('error', drop);
    client.on('close', drop);
    remote.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    state,
    cutAll() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The promise, or a rejection after `ms` (a leaked pool slot makes a query wait forever). */
export const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);
