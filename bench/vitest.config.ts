import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    // The harness only: the scenarios themselves are timings and never run as tests.
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
  },
});
