import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    exclude: [
      // Run by the s3 project against a real S3 store (`npm run test:s3`).
      'src/**/*.store.test.ts',
      // PostgreSQL-only behaviour (a server's connections cut under the pool): `npm run test:pg`.
      ...(process.env.DATABASE_URL ? [] : ['src/**/*.postgres.test.ts']),
    ],
    environment: 'node',
    // The files of a worker share one module graph: the app, PGlite and the contract are loaded
    // once, not once per file (half the suite's time). Each file still builds its own app on its
    // own database; src/test/shared-modules.test.ts keeps the files from replacing what others
    // share (decision 040).
    isolate: false,
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
