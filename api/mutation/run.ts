/**
 * `npm run test:mutation [group...] [--incremental]`: mutation testing of the critical modules
 * (mutation/groups.ts), one group at a time, with Stryker's vitest runner and TypeScript checker.
 * Each group writes reports/mutation/<group>.html (and .json, which mutation/survivors.ts lists) and the run ends with every group's score; it exits
 * 1 when a group is under GOAL. `--incremental` reuses the last run's results for unchanged code and
 * tests (reports/mutation/<group>.incremental.json): for iterating on one group's tests.
 * `--only=src/a.ts,src/b.ts` mutates only those of the chosen groups' modules (with the same suites):
 * for scoring one module of a large group in minutes.
 */
import path from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { MUTATION_GROUPS, type MutationGroup } from './groups';

/** The score every group must reach, in percent of mutants detected. */
const GOAL = 80;

const apiDir = path.resolve(import.meta.dirname, '..');
const reportDir = path.resolve(apiDir, '../reports/mutation');

interface GroupScore {
  group: MutationGroup;
  mutants: number;
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  /** Mutants the TypeScript checker refused to compile, or that crashed the runner: not scored. */
  invalid: number;
  score: number;
  minutes: number;
}

const args = process.argv.slice(2);
const incremental = args.includes('--incremental');
const names = args.filter((a) => !a.startsWith('--'));
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const unknown = names.filter((n) => !MUTATION_GROUPS.some((g) => g.name === n));
if (unknown.length) {
  console.error(`Unknown group ${unknown.join(', ')}. Groups: ${MUTATION_GROUPS.map((g) => g.name).join(', ')}`);
  process.exit(2);
}
const named = names.length ? MUTATION_GROUPS.filter((g) => names.includes(g.name)) : MUTATION_GROUPS;
const chosen = only ? named.map((g) => ({ ...g, mutate: g.mutate.filter((m) => only.includes(m)) })).filter((g) => g.mutate.length > 0) : named;
const unmatched = only?.filter((m) => !chosen.some((g) => g.mutate.includes(m))) ?? [];
if (unmatched.length) {
  console.error(`--only names ${unmatched.join(', ')}, which no chosen group mutates`);
  process.exit(2);
}

// Stryker resolves its sandbox, the vitest config and the tsconfig from the working directory.
process.chdir(apiDir);
process.env.TEST_DIALECTS = 'sqlite';

const scores: GroupScore[] = [];
for (const group of chosen) {
  console.log(`\n== ${group.name}: ${group.about}\n   ${group.mutate.join(', ')}\n`);
  process.env.MUTATION_TESTS = JSON.stringify(group.tests);
  const options: PartialStrykerOptions = {
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutation.config.ts', related: true },
    checkers: ['typescript'],
    tsconfigFile: 'tsconfig.json',
    coverageAnalysis: 'perTest',
    mutate: group.mutate,
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    reporters: ['html', 'json', 'progress', 'clear-text'],
    clearTextReporter: { reportTests: false, reportMutants: true, reportScoreTable: true },
    htmlReporter: { fileName: path.join(reportDir, `${group.name}.html`) },
    // Read by `npm run test:mutation:survivors <group>`.
    jsonReporter: { fileName: path.join(reportDir, `${group.name}.json`) },
    incremental,
    incrementalFile: path.join(reportDir, `${group.name}.incremental.json`),
    thresholds: { high: 90, low: GOAL, break: null },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    // The widget, admin and e2e are not copied into the sandbox; nothing here imports them.
    ignorePatterns: ['bench-results', '*.log'],
  };
  const started = Date.now();
  const results = await new Stryker(options).runMutationTest();
  const count = (...statuses: string[]) => results.filter((r) => statuses.includes(r.status)).length;
  const killed = count('Killed');
  const timedOut = count('Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  // Stryker's own mutation score: detected / (detected + undetected), invalid and ignored left out.
  const detected = killed + timedOut;
  const scored = detected + survived + noCoverage;
  scores.push({
    group,
    mutants: results.length,
    killed,
    timedOut,
    survived,
    noCoverage,
    invalid: count('CompileError', 'RuntimeError'),
    score: scored ? (100 * detected) / scored : 100,
    minutes: (Date.now() - started) / 60_000,
  });
}

console.log(`\nMutation scores (SQLite half; goal ${GOAL}% per group; reports in reports/mutation/)\n`);
console.log('group        mutants  killed  timeout  survived  no-cover  invalid   score   minutes');
for (const s of scores) {
  console.log(
    [
      s.group.name.padEnd(12),
      String(s.mutants).padStart(7),
      String(s.killed).padStart(7),
      String(s.timedOut).padStart(8),
      String(s.survived).padStart(9),
      String(s.noCoverage).padStart(9),
      String(s.invalid).padStart(8),
      `${s.score.toFixed(1)}%`.padStart(7),
      s.minutes.toFixed(1).padStart(9),
    ].join(' '),
  );
}
const under = scores.filter((s) => s.score < GOAL);
if (under.length) {
  console.log(`\nUnder ${GOAL}%: ${under.map((s) => s.group.name).join(', ')}`);
  process.exit(1);
}
