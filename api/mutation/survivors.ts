/**
 * `npm run test:mutation:survivors <group>`: the mutants of a group's last run that no test
 * detected, one line each with the tests that ran against it, read from reports/mutation/<group>.json.
 * The HTML report shows the same in context; this is for the terminal.
 */
import fs from 'node:fs';
import path from 'node:path';

interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}
interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  coveredBy?: string[];
}

const group = process.argv[2];
if (!group) {
  console.error('Usage: npm run test:mutation:survivors <group>');
  process.exit(2);
}
const file = path.resolve(import.meta.dirname, '../../reports/mutation', `${group}.json`);
if (!fs.existsSync(file)) {
  console.error(`No report at ${file}: run \`npm run test:mutation ${group}\` first.`);
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
const testNames = new Map<string, string>();
for (const tf of Object.values(report.testFiles ?? {})) for (const t of tf.tests) testNames.set(t.id, t.name);

let count = 0;
for (const [name, f] of Object.entries(report.files)) {
  const lines = f.source.split('\n');
  for (const m of f.mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
    count++;
    const { start, end } = m.location;
    const original = start.line === end.line ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1) : `${(lines[start.line - 1] ?? '').slice(start.column - 1)}...`;
    console.log(`${name}:${start.line}:${start.column} ${m.status} ${m.mutatorName}`);
    console.log(`  - ${original.trim().slice(0, 160)}`);
    console.log(`  + ${(m.replacement ?? '').replace(/\s+/g, ' ').trim().slice(0, 160)}`);
    const tests = (m.coveredBy ?? []).map((id) => testNames.get(id) ?? id);
    console.log(`  ran: ${tests.length ? tests.slice(0, 4).join(' | ') + (tests.length > 4 ? ` (+${tests.length - 4})` : '') : 'no test covers it'}`);
  }
}
console.log(`\n${count} undetected mutants in ${group}.`);
