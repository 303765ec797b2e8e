/**
 * Which automatic packets a campaign's settings call for, and which database error means another
 * process made a slot first: pure decisions the scheduler's tick rests on.
 */
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, packetSlots } from './scheduler';

const DEADLINE = new Date('2026-06-09T22:00:00.000Z');
const schedule = (over: Partial<Parameters<typeof packetSlots>[0]> = {}) =>
  packetSlots({ delivery_mode: 'packet', comment_deadline: DEADLINE, delivery_lead_hours: 24, delivery_recipients: ['clerk@example.gov'], ...over });

describe('automatic packet slots', () => {
  it('calls for a packet the lead time before the deadline, and one at the deadline for the letters between', () => {
    expect(schedule()).toEqual([
      { key: 'before:2026-06-09T22:00:00.000Z', dueAt: new Date('2026-06-08T22:00:00.000Z'), until: undefined },
      { key: 'deadline:2026-06-09T22:00:00.000Z', dueAt: DEADLINE, until: DEADLINE },
    ]);
  });

  it('calls for one packet, at the deadline, with no lead time', () => {
    expect(schedule({ delivery_lead_hours: 0 })).toEqual([{ key: 'before:2026-06-09T22:00:00.000Z', dueAt: DEADLINE, until: undefined }]);
  });

  it('calls for none without packet mode, a deadline or a recipient', () => {
    expect(schedule({ delivery_mode: 'each' })).toEqual([]);
    expect(schedule({ delivery_mode: 'manual' })).toEqual([]);
    expect(schedule({ comment_deadline: null })).toEqual([]);
    expect(schedule({ delivery_recipients: [] })).toEqual([]);
  });
});

describe('a slot another process made first', () => {
  it("is PostgreSQL's and SQLite's unique violation, however the driver wraps it", () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ driverError: { code: '23505' }, code: 'QueryFailedError' })).toBe(true);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_UNIQUE' })).toBe(true);
    expect(isUniqueViolation({ driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } })).toBe(true);
  });

  it('is not any other failure, which the tick logs for the operator', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' })).toBe(false);
    expect(isUniqueViolation({ driverError: { code: 'ECONNREFUSED' }, code: '23505' })).toBe(false);
    expect(isUniqueViolation(new Error('connection lost'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
