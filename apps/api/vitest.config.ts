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
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
