#!/usr/bin/env node
// Lints the OpenAPI document the server serves (/api/docs/json) with Redocly's recommended rules
// (redocly.yaml) and Spectral's OpenAPI rules (.spectral.yaml): it fails on any error or
// warning. A rule that does not fit this API is turned off in those files, with the reason.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// No usage reports nor update checks from the linters: CI runs offline.
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
};

function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, env, encoding: 'utf8', ...options });
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'seller-openapi-lint-'));
let failed = false;
try {
  const document = path.join(directory, 'openapi.json');
  const written = run(bin('tsx'), ['apps/api/scripts/write-openapi.ts', document], {
    stdio: 'inherit',
  });
  if (written.status !== 0) throw new Error('could not build the OpenAPI document');

  // Redocly exits 0 on warnings: its JSON report is read to count them too.
  const report = run(bin('redocly'), [
    'lint',
    document,
    '--config',
    'redocly.yaml',
    '--format',
    'json',
  ]);
  const start = report.stdout.indexOf('{');
  const totals = start >= 0 ? JSON.parse(report.stdout.slice(start)).totals : undefined;
  if (!totals) {
    process.stderr.write(report.stdout + report.stderr);
    throw new Error('Redocly gave no report');
  }
  console.log(`Redocly: ${totals.errors} errors, ${totals.warnings} warnings`);
  if (totals.errors > 0 || totals.warnings > 0) {
    failed = true;
    run(bin('redocly'), ['lint', document, '--config', 'redocly.yaml'], { stdio: 'inherit' });
  }

  const spectral = run(
    bin('spectral'),
    ['lint', document, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn'],
    { stdio: 'inherit' },
  );
  if (spectral.status !== 0) failed = true;

  if (failed) {
    console.error(`\nThe OpenAPI document has problems; it is kept at ${document}`);
  }
} finally {
  if (!failed) await rm(directory, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
