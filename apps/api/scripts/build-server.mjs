#!/usr/bin/env node
// Bundles the API server (src/server.ts and the workspace contract package) into one ES module,
// dist/server.js, so that `npm start` and the Docker image start without transpiling TypeScript
// on every start (about 0.9 s of a cold start went to tsx), with the npm packages it can carry
// (`externalPackages` lists those that load from node_modules). Operator commands and
// `npm run dev` still use tsx.
//
// Production code must stand without the tests' support: before bundling, the sources of
// tsconfig.build.json (src without src/test and *.test.ts) are type-checked on their own and
// must pull in no test file; after bundling, no test file may be among the bundle's inputs.
import { readFile, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiRoot, 'dist');
const outfile = path.join(outdir, 'server.js');

const testSources = path.join(apiRoot, 'src', 'test') + path.sep;
/** A file (absolute path) that exists for the tests only: under src/test, or a `*.test.ts`. */
const isTestCode = (file) => file.startsWith(testSources) || file.endsWith('.test.ts');

/** Type-checks the production sources alone; fails when they need a test file to compile. */
function checkProductionSources() {
  const configFile = path.join(apiRoot, 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => process.cwd(),
      getNewLine: () => '\n',
    };
    throw new Error(ts.formatDiagnostics(diagnostics, host));
  }
  const pulledIn = program
    .getSourceFiles()
    .map((source) => path.resolve(source.fileName))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && isTestCode(file));
  if (pulledIn.length > 0) {
    throw new Error(`production code imports test code:\n  ${pulledIn.join('\n  ')}`);
  }
}

/**
 * npm packages that stay external, loaded from node_modules: those that read files beside their
 * own modules (PGlite's WebAssembly and data, pdfkit's font metrics, swagger-ui's pages), run
 * code in threads from their own files (pino's transports), or are optional and absent
 * (`pg-native`); the AWS SDK and the PDF libraries, which load only when used; and tsx, which
 * only runs from source. Every other package is bundled with our sources: a start then reads a
 * few files instead of a thousand.
 */
const externalPackages = [
  '@aws-sdk',
  '@cantoo',
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  'pdfkit',
  'pg-native',
  'pino',
  'tsx',
];

const isExternal = (specifier) =>
  specifier.startsWith('node:') ||
  builtinModules.includes(specifier.split('/')[0]) ||
  externalPackages.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const keepSomePackagesExternal = {
  name: 'keep-some-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      isExternal(args.path) ? { path: args.path, external: true } : undefined,
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

checkProductionSources();
await rm(outdir, { recursive: true, force: true });
const { metafile } = await build({
  // The PDF worker thread is an entry of its own: the server starts it from dist/pdf-thread.js.
  entryPoints: {
    server: path.join(apiRoot, 'src', 'server.ts'),
    'pdf-thread': path.join(apiRoot, 'src', 'lib', 'pdf', 'pdf-thread.ts'),
  },
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
  plugins: [keepSomePackagesExternal, keepModuleUrls],
  // Tells the bundled code that it runs bundled (the PDF thread then loads dist/pdf-thread.js).
  define: { SERVER_BUNDLE: 'true' },
  logLevel: 'warning',
  // Bundled CommonJS packages call require() for Node's own modules: an ES module has none.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  metafile: true,
});
// The metafile names inputs relative to esbuild's working directory, this process's.
const bundledTests = Object.keys(metafile.inputs)
  .map((input) => path.resolve(input))
  .filter(isTestCode);
if (bundledTests.length > 0) {
  throw new Error(`the server bundle holds test code:\n  ${bundledTests.join('\n  ')}`);
}
console.log(`built ${path.relative(process.cwd(), outfile)}`);
