#!/usr/bin/env node
// Bundles the API server (src/server.ts and the workspace contract package) into one ES module,
// dist/server.js, so that `npm start` and the Docker image start without transpiling TypeScript
// on every start (issue 6: about 0.9 s of a cold start went to tsx). npm packages stay external:
// they load from node_modules as before. Operator commands and `npm run dev` still use tsx.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');
const outfile = path.join(outdir, 'server.js');

/** npm packages stay external; only our own sources (and @seller/* workspaces) are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@seller/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * `new URL('../../drizzle', import.meta.url)` in a source file must keep pointing where it did:
 * each module's `import.meta.url` becomes its own source file's URL, computed from the bundle's.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { server: path.join(apiRoot, 'src', 'server.ts') },
  outdir,
  // Dynamic imports become chunks that load when used: the S3 driver and the AWS SDK only load
  // when STORAGE_DRIVER=s3.
  splitting: true,
  // Beside server.js, so that the import.meta.url rewrite below holds in every chunk.
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [externalPackages, keepModuleUrls],
  logLevel: 'warning',
});
console.log(`built ${path.relative(process.cwd(), outfile)}`);
