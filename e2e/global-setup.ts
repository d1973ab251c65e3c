import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../apps/api/src/test/server-process.ts';
import { buildServerWhenStale, buildWebWhenStale } from '../scripts/build-when-stale.mjs';
import { serverNodeFlags } from '../scripts/server-flags.mjs';
import { startMailPeer } from './support/mail-peer';
import { startSite } from './support/other-site';
import { publishRunSettings } from './support/run';
import { startStorefront } from './support/storefront';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the real server (API + built web app) once for the run, on a free port with a fresh
 * data directory, and the reference storefront (examples/member-site) beside it, and hands
 * their URLs and secrets to the workers (support/run.ts). The server is the one `npm start` and
 * the Docker image run, bundled (`apps/api/dist/server.js`): what loads only when first asked
 * for (the PDF thread, the evidence sheet, the mail library) is tested as it ships. Both builds
 * are made here when missing or older than their sources. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildWebWhenStale();
  const builtServer = buildServerWhenStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seller-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The internal (member-site) API exists only with a secret; a fresh one per run.
  const internalApiSecret = randomBytes(32).toString('hex');
  // The member site: another site, whose pages may call the API (CORS_ORIGINS).
  const memberSite = await startSite();
  const crossOrigin = memberSite.origin;
  // The server's mail goes to a real SMTP server on loopback, which the tests read.
  const mail = await startMailPeer();
  let output = '';
  const server = spawn(process.execPath, [...serverNodeFlags, builtServer], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every test signs sellers up from 127.0.0.1; throttling has its own API tests.
      RATE_LIMIT_SIGNUP_IP_PER_HOUR: '10000',
      // The long-list test creates a thousand products (two uploads each) for one seller.
      RATE_LIMIT_UPLOAD_URLS_PER_15_MIN: '100000',
      NODE_ENV: 'production',
      INTERNAL_API_SECRET: internalApiSecret,
      CORS_ORIGINS: crossOrigin,
      // The developer screen's test receives webhooks on a server of its own on 127.0.0.1.
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      SMTP_URL: mail.smtpUrl,
      MAIL_FROM: 'Seller Center <no-reply@seller.test>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([mail.close(), memberSite.close()]);
    throw error;
  }
  // The reference storefront, a member site that calls the server from its own server.
  let storefront: Awaited<ReturnType<typeof startStorefront>>;
  try {
    storefront = await startStorefront({ repoRoot, sellerCenterUrl: baseUrl, internalApiSecret });
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([mail.close(), memberSite.close()]);
    throw error;
  }
  publishRunSettings({
    baseUrl,
    internalApiSecret,
    crossOrigin,
    mailboxUrl: mail.mailboxUrl,
    storefrontUrl: storefront.origin,
  });

  return async () => {
    await storefront.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([mail.close(), memberSite.close()]);
  };
}
