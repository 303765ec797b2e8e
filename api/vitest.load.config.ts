import { defineConfig } from 'vitest/config';

/** `npm run test:load`: the load, crash and large hostile-input suites (minutes, not seconds). */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['test/reliability/**/*.load.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One at a time: each suite measures the server under its own load.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
