import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const emptyPage = '<!doctype html><html lang="en"><title>Member site</title><main></main></html>';

/**
 * Another site on loopback, at `http://localhost:<port>` (another host name than the API's
 * 127.0.0.1): an empty page at every path, which the test's own script fills. A free port when
 * `port` is 0. The member site listed in CORS_ORIGINS is one, started by the global setup.
 *
 * A real server rather than pages routed in the browser: Chromium places a routed page in the
 * public address space and refuses its requests to the loopback API.
 */
export async function startSite(port = 0) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(emptyPage);
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close(): Promise<void> {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
