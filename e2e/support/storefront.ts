import { spawn } from 'node:child_process';
import { freePort } from '../../apps/api/src/test/server-process.ts';

/**
 * The reference storefront (examples/member-site) in a process of its own, as an integrator
 * runs it: `node src/server.js` configured by its environment, talking to the run's server.
 * Its address is `http://localhost:<port>`, another site than the server's 127.0.0.1.
 */
export async function startStorefront({
  repoRoot,
  sellerCenterUrl,
  internalApiSecret,
}: {
  repoRoot: string;
  sellerCenterUrl: string;
  internalApiSecret: string;
}) {
  const port = await freePort();
  let output = '';
  const storefront = spawn(process.execPath, ['examples/member-site/src/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SELLER_CENTER_URL: sellerCenterUrl,
      INTERNAL_API_SECRET: internalApiSecret,
      MEMBER_SITE_PORT: String(port),
      MEMBER_SITE_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  storefront.stdout?.on('data', collect);
  storefront.stderr?.on('data', collect);

  const close = async () => {
    if (storefront.exitCode !== null) return;
    const exited = new Promise((resolve) => storefront.once('exit', resolve));
    storefront.kill('SIGTERM');
    await exited;
  };

  // Ready once it answers its health check (within 30 s), or failed when it exits first.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (storefront.exitCode !== null) {
      throw new Error(
        `The storefront exited (${storefront.exitCode}) before it was ready:\n${output}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health-check`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`The storefront did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin: `http://localhost:${port}`, output: () => output, close };
}
