import { describe, expect, it } from 'vitest';
import type { Delivery } from '@dais/api/contract';
import { deliveryStatusWords } from './delivery-status-text';

const base: Delivery = {
  id: 1,
  campaign_id: 1,
  kind: 'packet',
  trigger: 'admin',
  created_at: '2026-05-14T16:00:00.000Z',
  recipients: ['clerk@springfield.example.org'],
  letter_count: 3,
  letter_id: null,
  since: null,
  until: '2026-05-14T16:00:00.000Z',
  message_id: '<x@dais.example.org>',
  status: 'queued',
  attempts: 0,
  last_error: null,
  next_attempt_at: null,
  sent_at: null,
  smtp_response: null,
};
const when = (iso: string) => `at ${iso.slice(11, 16)}`;
const words = (d: Partial<Delivery>) => deliveryStatusWords({ ...base, ...d }, when);

describe("a delivery's status in plain words", () => {
  it("says the mail server accepted it, the server's reply kept for whoever asks", () => {
    expect(words({ status: 'sent', attempts: 1, sent_at: '2026-05-14T16:01:00.000Z', smtp_response: '250 2.0.0 OK id=1qX7' })).toEqual({
      badge: 'Sent',
      sentence: 'Accepted by the mail server at 16:01.',
      detail: '250 2.0.0 OK id=1qX7',
      detailFromServer: true,
    });
    const partly = words({ status: 'sent', attempts: 2, sent_at: '2026-05-14T16:01:00.000Z', smtp_response: '250 OK', last_error: 'The server refused a@x.org (550 no such user); the other recipients got the message' });
    expect(partly.sentence).toBe('Accepted by the mail server at 16:01, after 2 tries. It refused some of the recipients; the others have it.');
    expect(partly.detail).toBe('250 OK\nThe server refused a@x.org (550 no such user); the other recipients got the message');
  });

  it('says why a message was not sent, the server text on demand', () => {
    expect(words({ status: 'failed', attempts: 1, last_error: '550 5.1.1 <clerk@springfield.example.org>: user unknown' })).toMatchObject({
      badge: 'Failed',
      sentence: "Not sent. The mail server refused it. Check the recipients' addresses.",
      detail: '550 5.1.1 <clerk@springfield.example.org>: user unknown',
      detailFromServer: true,
    });
    expect(words({ status: 'failed', attempts: 4, last_error: 'Gave up after 3 tries: 451 4.7.1 Greylisted' }).sentence).toBe(
      'Not sent. Dais gave up after 3 tries. The mail server asked Dais to try again later.',
    );
    const unreachable = words({ status: 'failed', attempts: 4, last_error: 'Gave up after 3 tries: Could not talk to the SMTP server: connect ECONNREFUSED 127.0.0.1:2525' });
    expect(unreachable).toMatchObject({ sentence: 'Not sent. Dais gave up after 3 tries. Dais could not reach the mail server.', detailFromServer: false });
  });

  it('says what it waits for while it waits, and nothing more for a message not tried yet', () => {
    expect(words({})).toEqual({ badge: 'Queued', sentence: null, detail: null, detailFromServer: false });
    expect(words({ attempts: 2, last_error: '421 4.3.2 Try later', next_attempt_at: '2026-05-14T16:05:00.000Z' }).sentence).toBe(
      'Not sent yet, after 2 tries. The mail server asked Dais to try again later. Next try at 16:05.',
    );
    expect(words({ attempts: 1, last_error: 'No SMTP server is configured: set SMTP_URL (and MAIL_FROM) and restart Dais' }).sentence).toBe(
      'Not sent yet, after 1 try. No mail server is set up for Dais yet (SMTP_URL).',
    );
    expect(words({ attempts: 1, last_error: 'The SMTP server refused to log in (535 5.7.8 bad credentials): check the user name and password in SMTP_URL' }).sentence).toBe(
      "Not sent yet, after 1 try. The mail server refused Dais's sign-in: check the user name and password in SMTP_URL.",
    );
    expect(words({ status: 'sending', attempts: 1 }).sentence).toBe('Being handed to the mail server.');
  });
});
