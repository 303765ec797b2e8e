import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';
import { runBadInput, seedFrom } from './bad-input';

/** The large seeded run of bad-input.test.ts (other seeds, many more requests). */
const COUNT = Number(process.env.BAD_INPUT_COUNT ?? 30_000);

describeEachDatabase('bad input on every route, large run', (t) => {
  it(`refuses ${COUNT} malformed requests with JSON errors and changes nothing`, async () => {
    const seed = seedFrom(t.dialect === 'sqlite' ? 7_100_001 : 7_100_002);
    const r = await runBadInput(t, { seed, count: COUNT, concurrency: 16 });
    expect(r.sent).toBe(COUNT);
    expect(r.failures.slice(0, 25), `seed ${seed}: ${r.failures.length} of ${r.sent} failed; statuses ${JSON.stringify(r.statuses)}`).toEqual([]);
    console.log(`[${t.dialect}] seed ${seed}: ${r.sent} malformed requests, statuses ${JSON.stringify(r.statuses)}`);
  });
});
