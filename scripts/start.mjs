#!/usr/bin/env node
// `npm start`: builds the web app and the bundled API server when a build is missing or older
// than its sources, then runs the API server, which serves the app and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
];

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server bundled by esbuild starts about twice as fast as through tsx (docs/benchmarks.md).
const builtServer = path.join(root, 'apps/api/dist/server.js');
const serverSources = [
  'apps/api/src',
  'apps/api/scripts/build-server.mjs',
  'apps/api/package.json',
  'packages/contract/src',
];
const serverBuiltAt = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
if (serverBuiltAt < Math.max(...serverSources.map(newestChange))) {
  console.log('Building the API server…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@seller/api'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
