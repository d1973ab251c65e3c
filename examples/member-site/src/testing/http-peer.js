import { once } from 'node:events';
import { createServer } from 'node:http';

/**
 * A real HTTP server standing in for the seller center in the storefront's tests: it records
 * every request and answers with what `answer` returns ('reset' cuts the connection).
 *
 * @typedef {{ method: string, url: string, headers: import('node:http').IncomingHttpHeaders, body: string }} Received
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> } | 'reset'} Answer
 */
export async function startHttpPeer() {
  /** @type {Received[]} */
  const received = [];
  /** @type {(request: Received) => Answer} */
  let answer = () => ({ status: 500, body: { error: 'no answer set', code: 'internal_error' } });
  const server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const call = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body,
    };
    received.push(call);
    const next = answer(call);
    if (next === 'reset') {
      request.socket.destroy();
      return;
    }
    response.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    response.end(next.body === undefined ? '' : JSON.stringify(next.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    received,
    /** @param {(request: Received) => Answer} respond */
    answerWith(respond) {
      answer = respond;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
