import { describe, expect, it } from 'vitest';
import { GENERAL_ACTION, requestedAction } from './request-action';

const phrase = (title: string, prose = '') => requestedAction(title, prose).phrase;

describe('requestedAction', () => {
  it("sets a title's words as the campaign's own text sets them", () => {
    const park = 'The commission will decide whether 12 acres of Riverside Park can be rezoned. The rezoning application should be denied.';
    expect(phrase('Protect Riverside Park from Rezoning', park)).toBe('protect Riverside Park from rezoning');
    const library = 'Budget cuts would close the Eastside branch library at 5 pm. Families depend on evening hours.';
    expect(phrase('Keep the Eastside Library Open Evenings', library)).toBe('keep the Eastside library open evenings');
    expect(phrase('Light the Maple Street Underpass', 'The underpass on Maple Street has been dark for a year.')).toBe(
      'light the Maple Street underpass',
    );
    expect(phrase("Let's Protect Our Wetlands")).toBe('protect our wetlands');
    expect(phrase('Fix the I-90 Ramp Before Winter', 'The I-90 ramp floods before winter.')).toBe('fix the I-90 ramp before winter');
  });

  it('supports what a title names, and asks in general words, never quoting the title, when it cannot read one', () => {
    expect(phrase('Safe Streets for Lincoln Elementary', 'Children walking to Lincoln Elementary cross four lanes.')).toBe(
      'support safe streets for Lincoln Elementary',
    );
    expect(requestedAction('Save Hartwell Woods', 'The woods are old.')).toEqual({ phrase: GENERAL_ACTION, general: true });
    expect(phrase('Neighbors Against the Quarry!')).toBe(GENERAL_ACTION);
    expect(GENERAL_ACTION).not.toMatch(/"|residents behind/);
  });

  it('reads yes and no campaigns as support and opposition', () => {
    expect(phrase('Yes on Prop 5')).toBe('support Prop 5');
    expect(phrase('No on Measure B')).toBe('oppose Measure B');
  });
});
