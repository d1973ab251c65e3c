import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'apps/api',
      'apps/api/vitest.s3.config.ts',
      'apps/web',
      'e2e',
      'bench',
    ],
  },
});
