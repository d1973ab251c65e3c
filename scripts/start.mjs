#!/usr/bin/env node
// `npm start`: builds the web app and the bundled API server when a build is missing or older
// than its sources, then runs the API server, which serves the app and the API on one port.
import { spawn } from 'node:child_process';
import { buildServerWhenStale, buildWebWhenStale, root } from './build-when-stale.mjs';
import { serverNodeFlags } from './server-flags.mjs';

let builtServer;
try {
  buildWebWhenStale();
  // The server bundled by esbuild starts about twice as fast as through tsx (docs/decisions/019-cold-start.md).
  builtServer = buildServerWhenStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, [...serverNodeFlags, builtServer], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
