import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // Unit tests run in Node; the screens' tests ask for jsdom in their first line.
    environment: 'node',
    globalSetup: ['./src/testing/api-server.ts'],
    setupFiles: ['./src/testing/fail-on-console-error.ts', './src/testing/dom-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
