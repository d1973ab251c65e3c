/**
 * What the browser downloads for a route of the production build, read from Vite's build
 * manifest (`apps/web/dist/.vite/manifest.json`, `build.manifest: true`): the entry chunk and
 * its static imports, plus the route's lazy chunk and its static imports. Dynamic imports are
 * not followed (they load later, on demand).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './common.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

export const webDist = path.join(root, 'apps/web/dist');
export const loginRouteSource = 'src/app/routes/auth/login.tsx';
/** The signed-in pages' route table, a chunk the entry loads on demand (decision 052). */
const signedInTableSource = 'src/app/signed-in-routes.tsx';
/**
 * Kilobytes of 1,000 bytes, as Vite prints them. 140 since the login page uses the app's own
 * form library and language detector (docs/decisions/010-one-way-in-the-web-app.md).
 */
export const loginBudgetKB = 141;

export interface RouteBundle {
  route: string;
  files: { file: string; bytes: number; gzipBytes: number }[];
  jsBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** Route modules that the entry lazy-loads. */
  lazyRoutes: string[];
  /** Route modules (other than this route) found among the files loaded up front: should be none. */
  eagerRoutes: string[];
}

function readManifest(): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` first`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function staticClosure(manifest: Manifest, start: string, into: Set<string>) {
  if (into.has(start)) return;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`${start} is not in the build manifest`);
  into.add(start);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 6 }).length;

export function routeBundle(routeSource = loginRouteSource): RouteBundle {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry');
  const keys = new Set<string>();
  staticClosure(manifest, entryKey, keys);
  staticClosure(manifest, routeSource, keys);

  const files: RouteBundle['files'] = [];
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key] as ManifestChunk;
    for (const sheet of chunk.css ?? []) css.add(sheet);
    if (!chunk.file.endsWith('.js')) continue;
    const bytes = readFileSync(path.join(webDist, chunk.file));
    files.push({ file: chunk.file, bytes: bytes.length, gzipBytes: gzipSize(bytes) });
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  // The entry's lazy imports: the public screens, and the signed-in route table with its own.
  const lazyImports = (manifest[entryKey]?.dynamicImports ?? []).flatMap((key) => [
    key,
    ...(key === signedInTableSource ? (manifest[key]?.dynamicImports ?? []) : []),
  ]);
  const lazyRoutes = lazyImports.filter((key) => key.startsWith('src/app/routes/'));
  const eagerRoutes = [...keys].filter(
    (key) => key.startsWith('src/app/routes/') && key !== routeSource && key !== entryKey,
  );
  return {
    route: routeSource,
    files,
    jsBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    jsGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    cssGzipBytes: [...css].reduce(
      (sum, sheet) => sum + gzipSize(readFileSync(path.join(webDist, sheet))),
      0,
    ),
    lazyRoutes,
    eagerRoutes,
  };
}
