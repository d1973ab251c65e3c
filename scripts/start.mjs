#!/usr/bin/env node
// `npm start`: builds the web app and the bundled API server when a build is missing or older
// than its sources, then runs the API server, which serves the app and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Folders that are never a build's input: installed packages and the builds themselves. */
const notInputs = new Set(['node_modules', 'dist']);

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full)) {
    if (notInputs.has(entry)) continue;
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

/**
 * Runs `npm <npmArgs>` when `output` is missing or older than any file of `workspace` (its
 * builds and node_modules aside) or of the contract and locales packages, which both builds
 * include. Returns the output's full path.
 */
function buildWhenStale(what, workspace, output, npmArgs) {
  const built = path.join(root, workspace, output);
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const newestSource = Math.max(
    newestChange(workspace),
    newestChange('packages/contract/src'),
    newestChange('packages/locales/src'),
  );
  if (builtAt < newestSource) {
    console.log(`Building ${what}…`);
    const build = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return built;
}

buildWhenStale('the web app', 'apps/web', 'dist/index.html', ['run', 'build']);
// The server bundled by esbuild starts about twice as fast as through tsx (docs/decisions/019-cold-start.md).
const builtServer = buildWhenStale('the API server', 'apps/api', 'dist/server.js', [
  'run',
  'build',
  '-w',
  '@seller/api',
]);

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
