import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside each text asset of the build; the server sends them to browsers
 * that accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
        );
      for (const file of walk(outDir)) {
        if (
          !/\.(js|css|html|svg|json)$/.test(file) ||
          file.includes(`${path.sep}.vite${path.sep}`)
        ) {
          continue;
        }
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * `<link rel="modulepreload">` in index.html for the first screen's code that the entry would
 * only ask for once it has run: the English texts (always loaded, English is the fallback
 * language) and the login page (where a visitor without a session lands). They then download
 * alongside the entry instead of after it (Lighthouse on a slow phone).
 */
function preloadFirstScreen(sources: readonly string[]): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        // The entry's own imports are preloaded by Vite already.
        const done = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files: string[] = [];
        const add = (file: string) => {
          if (done.has(file)) return;
          done.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) add(imported);
          files.push(file);
        };
        for (const source of sources) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(source));
          if (!chunk) throw new Error(`preload-first-screen: no chunk for ${source}`);
          add(chunk.fileName);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * The public pages' frame and form parts. Left alone, Rolldown splits the login page's code into
 * a dozen small chunks (each module is shared by a different set of routes), and on a phone
 * every request costs a round trip (Lighthouse simulates HTTP/1.1, six connections). As one
 * group, they and all they import (React, React Router, i18next...) make one chunk: the login
 * page loads the entry, that chunk, its own chunk and the texts. React DOM, which only the entry
 * imports, joins them: every page loads both at once, and one gzip stream of the two is about
 * 1 kB smaller than two. The entry holds the public route table; its dynamic imports are the
 * public screens and the signed-in route table (whose own are the signed-in screens).
 */
const firstScreenModules = [
  'src/components/layouts/auth-layout.tsx',
  'src/features/auth/components/auth-form.tsx',
  'src/features/auth/components/email-field.tsx',
  'src/features/auth/api/start-seller-session.ts',
  'src/components/ui/card.tsx',
  'src/components/ui/password-input.tsx',
  'src/lib/api-error.ts',
  'src/config/env.ts',
  'react-dom/client.js',
];

function isFirstScreenModule(id: string): boolean {
  const file = id.replaceAll('\\', '/');
  return firstScreenModules.some((module) => file.endsWith(`/${module}`));
}

const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFirstScreen(['packages/locales/src/app/en.json', 'src/app/routes/auth/login.tsx']),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/storage': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    sourcemap: true,
    // dist/.vite/manifest.json: the bundle-size check follows the login route's imports in it.
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17) still load every chunk, a
    // little later; the polyfill would cost every browser ~1 kB in the entry. index.html keeps
    // its preload links; a lazily loaded screen gets none (its CSS aside): inserting one link per
    // chunk it needs, 22 to 58 of them, blocked the page's first task for longer than the
    // browser takes to find those chunks itself (decision 060).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'first-screen', test: isFirstScreenModule }] } },
    },
  },
});
