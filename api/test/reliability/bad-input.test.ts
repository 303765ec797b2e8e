import { expect, it } from 'vitest';
import { describeEachDatabase } from '../harness';
import { runBadInput, seedFrom } from './bad-input';

/**
 * Hostile input against every route in the OpenAPI registry (a new route is covered the day it is
 * registered): no 5xx, every reply our JSON error with a message, nothing stored. The larger
 * seeded run is bad-input.load.test.ts (npm run test:load).
 */
describeEachDatabase('bad input on every route', (t) => {
  it('refuses thousands of malformed requests with JSON errors and changes nothing', { timeout: 120_000 }, async () => {
    // PostgreSQL takes a smaller share: the same code paths, and npm test stays under a minute.
    const count = t.dialect === 'sqlite' ? 5_000 : 1_500;
    const seed = seedFrom(t.dialect === 'sqlite' ? 20_250_501 : 20_250_502);
    const r = await runBadInput(t, { seed, count, concurrency: 8 });
    expect(r.sent).toBe(count);
    expect(r.failures.slice(0, 25), `seed ${seed}: ${r.failures.length} of ${r.sent} failed; statuses ${JSON.stringify(r.statuses)}`).toEqual([]);
    // Validation was reached, not only the guards: most refusals are 400/413/415.
    expect((r.statuses[400] ?? 0) + (r.statuses[413] ?? 0) + (r.statuses[415] ?? 0)).toBeGreaterThan(count / 2);
  });
});
