import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * The real server started in a process of its own (a test that kills it, the browser tests,
 * the screenshots): a free loopback port for it, and the wait until it answers.
 */

/** A TCP port on 127.0.0.1 that nothing listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits up to 90 seconds for `GET /api/health` to answer OK; fails at once when the server
 * exits first. `output` gives what the server wrote, for the error.
 */
export async function waitForHealth(
  baseUrl: string,
  server: ChildProcess,
  output: () => string = () => '',
): Promise<void> {
  const withOutput = (message: string) => {
    const written = output();
    return new Error(written ? `${message}:\n${written}` : message);
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw withOutput(`The API server exited (${server.exitCode}) before it was ready`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw withOutput('The API server did not become healthy in time');
}
