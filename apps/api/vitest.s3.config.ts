import { defineProject } from 'vitest/config';

/**
 * The S3 driver against a real, signature-checking S3 store (`npm run test:s3` starts one, or
 * takes S3_TEST_ENDPOINT and its keys from the environment).
 */
export default defineProject({
  test: {
    name: 's3',
    include: ['src/**/*.store.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
