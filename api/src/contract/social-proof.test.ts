import { describe, expect, it } from 'vitest';
import { nextMilestone, recentSupporterLine } from './campaign-display';

describe('the next milestone', () => {
  it('steps through round numbers on the way to the goal, and the goal when it comes first', () => {
    expect(nextMilestone(0, 1000)).toEqual({ target: 10, goalReached: false });
    expect(nextMilestone(10, 1000)).toEqual({ target: 25, goalReached: false });
    expect(nextMilestone(237, 1000)).toEqual({ target: 250, goalReached: false });
    expect(nextMilestone(600, 1000)).toEqual({ target: 1000, goalReached: false });
    expect(nextMilestone(700, 750)).toEqual({ target: 750, goalReached: false });
  });

  it('offers the next round number as the new goal once the goal is reached', () => {
    expect(nextMilestone(1000, 1000)).toEqual({ target: 2500, goalReached: true });
    expect(nextMilestone(1043, 1000)).toEqual({ target: 2500, goalReached: true });
    expect(nextMilestone(2_600_000, 1000)).toEqual({ target: 5_000_000, goalReached: true });
  });
});

it('writes a recent supporter as first name, initial and city', () => {
  expect(recentSupporterLine({ first_name: 'Rachel', last_initial: 'C', city: 'Springdale' })).toBe('Rachel C., Springdale');
  expect(recentSupporterLine({ first_name: 'Prince', last_initial: null, city: 'Minneapolis' })).toBe('Prince, Minneapolis');
});
