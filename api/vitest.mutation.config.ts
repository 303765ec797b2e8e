import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The suites `npm run test:mutation` runs for one group (api/mutation/run.ts sets MUTATION_TESTS to
 * the group's globs). Stryker itself runs them in one thread per sandbox and, per mutant, only the
 * tests that covered the mutated code in its first, unmutated run.
 */
const tests: unknown = JSON.parse(process.env.MUTATION_TESTS ?? '[]');
if (!Array.isArray(tests) || tests.length === 0) throw new Error('MUTATION_TESTS: set by api/mutation/run.ts to a group\'s test globs');

// Not mergeConfig: it would append these globs to the base's instead of replacing them.
/** Suites that run the server as a child process: no mutant reaches it, and it looks for api/ by path. */
const childProcessSuites = ['src/routes/signatures/address-history.test.ts', 'src/mail/stopping.test.ts', 'src/mail/unconfigured.test.ts', 'test/stopping.test.ts', 'test/boot.test.ts', 'test/scale-out.test.ts', 'test/mail-scale-out.test.ts'];

export default defineConfig({
  ...base,
  test: { ...base.test, include: tests as string[], exclude: [...(base.test?.exclude ?? []), ...childProcessSuites] },
});
