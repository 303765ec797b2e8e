import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkQuarantineForm, initialQuarantineForm, quarantineErrorsFrom, type QuarantineFormValues } from './quarantine-form-values';

const saved = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

const filled = (over: Partial<QuarantineFormValues> = {}): QuarantineFormValues => ({
  from: '2026-05-14T09:52',
  to: '2026-05-14T10:53',
  kind: 'network',
  source: ' 203.0.113.0/24 ',
  reason: ' Sixty names in minutes from one network ',
  ...over,
});

describe('the form a flood alert opens', () => {
  it('holds its source and runs from its start, rounded down, to now, rounded up, where the admin is', () => {
    const now = new Date('2026-05-14T17:52:40.000Z');
    expect(initialQuarantineForm({ kind: 'domain', source: 'mailinator.com', from: '2026-05-14T16:52:40.123Z' }, now)).toEqual({
      from: '2026-05-14T09:52',
      to: '2026-05-14T10:53',
      kind: 'domain',
      source: 'mailinator.com',
      reason: '',
    });
  });

  it('without an alert, is an empty network and range ending now', () => {
    expect(initialQuarantineForm(null, new Date('2026-05-14T17:52:00.000Z'))).toEqual({ from: '', to: '2026-05-14T10:52', kind: 'network', source: '', reason: '' });
  });
});

describe('the request the form makes', () => {
  it('sends the times as typed with the offset, one source and the reason, trimmed', () => {
    expect(checkQuarantineForm(filled())).toEqual({
      ok: true,
      request: { from: '2026-05-14T09:52:00-07:00', to: '2026-05-14T10:53:00-07:00', network: '203.0.113.0/24', reason: 'Sixty names in minutes from one network' },
    });
    const domain = checkQuarantineForm(filled({ kind: 'domain', source: 'Mailinator.com' }));
    expect(domain.ok && domain.request).toEqual(expect.objectContaining({ email_domain: 'Mailinator.com' }));
    expect(domain.ok && 'network' in domain.request).toBe(false);
  });

  it('says what is missing, on each field', () => {
    const checked = checkQuarantineForm({ from: '', to: '', kind: 'network', source: '', reason: '' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        from: 'Enter the date and time the range starts',
        to: 'Enter the date and time the range ends',
        source: expect.stringMatching(/^network must be a \/24 like 203\.0\.113\.0\/24/),
        reason: 'Say why, in a few words: the audit log keeps it',
      },
    });
  });

  it("gives the API's own messages: a source of the wrong shape, a range the wrong way round", () => {
    expect(checkQuarantineForm(filled({ source: '203.0.113.7' }))).toEqual({ ok: false, errors: { source: expect.stringMatching(/^network must be a \/24/) } });
    expect(checkQuarantineForm(filled({ kind: 'domain', source: 'not a domain' }))).toEqual({
      ok: false,
      errors: { source: 'email_domain must be a domain like mailinator.com' },
    });
    expect(checkQuarantineForm(filled({ from: '2026-05-14T11:00' }))).toEqual({ ok: false, errors: { to: 'from must be before to' } });
  });

  it('refuses a wall time the admin\'s clocks skip', () => {
    expect(checkQuarantineForm(filled({ from: '2026-03-08T02:30' }))).toEqual({ ok: false, errors: { from: 'Enter a date and time that exists in your time zone' } });
  });
});

describe("the API's field errors on the form", () => {
  it('puts either source on the source field, and keeps the first message per field', () => {
    expect(
      quarantineErrorsFrom([
        { field: 'email_domain', message: 'email_domain must be a domain like mailinator.com' },
        { field: 'from', message: 'Nothing to quarantine: no signature or letter from that source in that time range' },
        { field: 'network', message: 'second' },
        { field: 'campaign', message: 'not a form field' },
      ]),
    ).toEqual({
      source: 'email_domain must be a domain like mailinator.com',
      from: 'Nothing to quarantine: no signature or letter from that source in that time range',
    });
  });
});
