import { defineConfig } from 'vitest/config';

/**
 * Real Chromium against the real server: one server for the run (support/global-setup.ts), one
 * browser per file, files one after another (the machine may have two cores).
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
