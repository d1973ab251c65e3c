import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on two cores,
    // which leaves a core idle while PGlite works inside the one worker.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'apps/api',
      'apps/api/vitest.s3.config.ts',
      'apps/web',
      'bench',
      'examples/member-site',
    ],
  },
});
