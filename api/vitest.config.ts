import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Minutes-long load and crash suites run with `npm run test:load` (vitest.load.config.ts).
    exclude: ['**/node_modules/**', '**/*.load.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two cores: two suites at a time, each with its own SQLite file and PostgreSQL database.
    maxWorkers: 2,
  },
});
