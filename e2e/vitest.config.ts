import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The screen-by-screen checks (phones, accessibility) open three pages at a time.
    maxConcurrency: 3,
    globalSetup: ['./global-setup.ts'],
  },
});
