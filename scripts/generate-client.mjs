#!/usr/bin/env node
// Regenerates the typed API client's types (packages/api-client/src/schema.d.ts) from the
// OpenAPI document the server serves. CI runs it and fails when the committed file differs.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const output = 'packages/api-client/src/schema.d.ts';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'seller-openapi-client-'));
try {
  const document = path.join(directory, 'openapi.json');
  run(bin('tsx'), ['apps/api/scripts/write-openapi.ts', document]);
  run(bin('openapi-typescript'), [document, '--output', output]);
} finally {
  await rm(directory, { recursive: true, force: true });
}
