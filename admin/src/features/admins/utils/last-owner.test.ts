import { describe, expect, it } from 'vitest';
import type { Admin } from '@dais/api/contract';
import { isLastOwner } from './last-owner';

const admin = (id: number, role: Admin['role'], joined = true): Admin => ({
  id,
  email: `a${id}@example.org`,
  role,
  joined,
  is_you: id === 1,
  created_at: '2026-05-14T12:00:00.000Z',
});

describe('the last owner', () => {
  it('is the one owner who has signed in, as the server counts them', () => {
    const alone = [admin(1, 'owner'), admin(2, 'editor'), admin(3, 'owner', false)];
    expect(alone.map((a) => isLastOwner(a, alone))).toEqual([true, false, false]);
    const two = [admin(1, 'owner'), admin(2, 'owner')];
    expect(two.map((a) => isLastOwner(a, two))).toEqual([false, false]);
  });
});
