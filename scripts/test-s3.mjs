#!/usr/bin/env node
// Runs the S3 driver's integration tests against a real S3 store: the one named by
// S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY, or else a Ceph
// radosgw on loopback that scripts/s3-test-store.sh starts (and this script stops afterwards).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const storeScript = path.join(root, 'scripts', 's3-test-store.sh');
const storeDir = process.env.S3_TEST_STORE_DIR ?? path.join(os.tmpdir(), 'seller-s3-test-store');

const env = { ...process.env };
let started = false;
if (!env.S3_TEST_ENDPOINT) {
  console.log(`Starting a Ceph radosgw S3 store in ${storeDir}`);
  const start = spawnSync(storeScript, ['start', storeDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (start.status !== 0) {
    console.error('The S3 test store did not start.');
    process.exit(start.status ?? 1);
  }
  started = true;
  for (const line of start.stdout.split('\n')) {
    const match = /^(S3_TEST_[A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 's3', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
if (started && !process.env.S3_TEST_KEEP_STORE) {
  spawnSync(storeScript, ['stop', storeDir], { stdio: 'inherit' });
}
process.exit(result.status ?? 1);
