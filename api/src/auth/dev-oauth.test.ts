/** The development OAuth provider keeps its codes and tokens in a map whose entries expire and whose size is capped. */
import { afterEach, expect, it, vi } from 'vitest';
import { ExpiringMap } from './dev-oauth';

afterEach(() => vi.restoreAllMocks());

it('forgets an entry once its time is up, to the millisecond, and a taken one at once', () => {
  let now = 1_000_000;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const codes = new ExpiringMap<string>(60_000);
  codes.set('a', 'alice');
  now += 59_999;
  expect(codes.get('a')).toBe('alice');
  now += 1;
  expect(codes.get('a')).toBeUndefined();
  codes.set('b', 'bob');
  codes.set('c', 'carol');
  // Setting one forgets only the expired ones.
  expect([codes.get('b'), codes.get('c')]).toEqual(['bob', 'carol']);
  expect(codes.take('b')).toBe('bob');
  expect(codes.take('b')).toBeUndefined();
  expect(codes.get('c')).toBe('carol');
});

it('holds at most its cap, forgetting the oldest first', () => {
  const codes = new ExpiringMap<number>(60_000, 2);
  codes.set('first', 1);
  codes.set('second', 2);
  expect([codes.get('first'), codes.get('second')]).toEqual([1, 2]);
  codes.set('third', 3);
  expect([codes.get('first'), codes.get('second'), codes.get('third')]).toEqual([undefined, 2, 3]);
});
