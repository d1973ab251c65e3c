// Builds a workspace when its build is missing or older than its sources: `npm start` and the
// browser tests' setup both run the builds this way.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
 * include. Returns the output's full path; throws when the build fails.
 */
export function buildWhenStale(what, workspace, output, npmArgs) {
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
    if (build.status !== 0) throw new Error(`building ${what} failed`);
  }
  return built;
}

/** The web app's build (`apps/web/dist`). */
export const buildWebWhenStale = () =>
  buildWhenStale('the web app', 'apps/web', 'dist/index.html', [
    'run',
    'build',
    '-w',
    '@seller/web',
  ]);

/** The bundled API server (`apps/api/dist/server.js`), whose full path it returns. */
export const buildServerWhenStale = () =>
  buildWhenStale('the API server', 'apps/api', 'dist/server.js', [
    'run',
    'build',
    '-w',
    '@seller/api',
  ]);
