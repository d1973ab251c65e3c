import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'member-site',
    include: ['src/**/*.test.js'],
    environment: 'node',
  },
});
