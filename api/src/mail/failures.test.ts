import { describe, expect, it } from 'vitest';
import { judge, PermanentMailError, refusedRecipientsNote, retryDelay } from './failures';
import { withoutAddresses } from './worker';

const smtpError = (code: string, responseCode: number, response: string) => Object.assign(new Error(`failed: ${response}`), { code, responseCode, response });

describe('what a failed send means for the message', () => {
  it('fails a 5xx about the message or its recipients at once, with the server reply', () => {
    expect(judge(smtpError('EMESSAGE', 554, '554 5.7.1 Message rejected'))).toEqual({ permanent: true, reason: '554 5.7.1 Message rejected' });
    expect(judge(smtpError('EENVELOPE', 550, '550 5.1.1 <a@b.example>: no such user'))).toEqual({ permanent: true, reason: '550 5.1.1 <a@b.example>: no such user' });
  });

  it('retries a 4xx, whatever it is about', () => {
    expect(judge(smtpError('EMESSAGE', 451, '451 4.7.1 Greylisted'))).toEqual({ permanent: false, reason: '451 4.7.1 Greylisted' });
    expect(judge(smtpError('EENVELOPE', 452, '452 4.2.2 Mailbox full'))).toMatchObject({ permanent: false });
  });

  it('retries a 5xx about the connection (greeting, login, STARTTLS): the installation is at fault, not the message', () => {
    expect(judge(smtpError('ECONNECTION', 554, '554 No SMTP service here'))).toEqual({ permanent: false, reason: '554 No SMTP service here' });
    expect(judge(smtpError('EAUTH', 535, '535 5.7.8 Authentication credentials invalid'))).toEqual({
      permanent: false,
      reason: 'The SMTP server refused to log in (535 5.7.8 Authentication credentials invalid): check the user name and password in SMTP_URL',
    });
  });

  it('retries when the server cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
    expect(judge(refused)).toEqual({ permanent: false, reason: 'Could not talk to the SMTP server: connect ECONNREFUSED 127.0.0.1:25' });
    expect(judge(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }))).toMatchObject({ permanent: false });
  });

  it('fails what can never be sent as it is, and keeps a reply short and on one line', () => {
    expect(judge(new PermanentMailError('Campaign 3 no longer exists'))).toEqual({ permanent: true, reason: 'Campaign 3 no longer exists' });
    const long = judge(smtpError('EMESSAGE', 451, `451 first line\r\n451-${'x'.repeat(2000)}`));
    expect(long.reason).not.toMatch(/[\r\n]/);
    expect(long.reason.length).toBeLessThanOrEqual(500);
  });

  it('notes the recipients a server refused while it took the message for the others', () => {
    expect(refusedRecipientsNote({ rejected: [] })).toBeNull();
    expect(refusedRecipientsNote({ rejected: ['x@city.example.gov'], rejectedErrors: [{ response: '550 5.1.1 No such user' }] })).toBe(
      'The server refused x@city.example.gov (550 5.1.1 No such user); the other recipients got the message',
    );
  });
});

describe('what the admin reads on a failed message', () => {
  // Every network failure nodemailer reports reads the same to the admin: the server could not be reached.
  const connectionCodes = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY', 'ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND'];
  for (const code of connectionCodes) {
    it(`retries ${code}, saying the server could not be reached`, () => {
      expect(judge(Object.assign(new Error(`${code} while talking to smtp.example.org`), { code }))).toEqual({
        permanent: false,
        reason: `Could not talk to the SMTP server: ${code} while talking to smtp.example.org`,
      });
    });
  }

  it('fails a 500 about the message at once, and words a reply-less 5xx or 4xx as its code and message', () => {
    expect(judge(smtpError('EMESSAGE', 500, '500 5.5.2 Syntax error'))).toEqual({ permanent: true, reason: '500 5.5.2 Syntax error' });
    const silent = (code: string, responseCode: number) => Object.assign(new Error('Message failed'), { code, responseCode });
    expect(judge(silent('EENVELOPE', 550))).toEqual({ permanent: true, reason: '550 Message failed' });
    expect(judge(silent('EMESSAGE', 452))).toEqual({ permanent: false, reason: '452 Message failed' });
    // A blank reply is no reply.
    expect(judge(Object.assign(new Error('Message failed'), { code: 'EMESSAGE', responseCode: 554, response: ' \r\n' }))).toEqual({
      permanent: true,
      reason: '554 Message failed',
    });
  });

  it('retries a refused or missing login with the same advice, the reply or else the message quoted', () => {
    expect(judge(Object.assign(new Error('Missing credentials for "PLAIN"'), { code: 'ENOAUTH' }))).toEqual({
      permanent: false,
      reason: 'The SMTP server refused to log in (Missing credentials for "PLAIN"): check the user name and password in SMTP_URL',
    });
  });

  it('keeps any other failure as its message, and something thrown that is not an Error as its text', () => {
    expect(judge(Object.assign(new Error('Unexpected socket close'), { code: 'EUNKNOWN' }))).toEqual({ permanent: false, reason: 'Unexpected socket close' });
    expect(judge('the transport said no')).toEqual({ permanent: false, reason: 'the transport said no' });
    expect(judge(null)).toEqual({ permanent: false, reason: 'null' });
  });

  it('collapses every run of white space in a reply to one space and trims it', () => {
    expect(judge(smtpError('EMESSAGE', 451, '  451   4.3.0\r\n\tTry\n again  '))).toEqual({ permanent: false, reason: '451 4.3.0 Try again' });
    expect(judge(smtpError('EMESSAGE', 451, `451 ${'y'.repeat(600)}`)).reason).toBe(`451 ${'y'.repeat(496)}`);
  });

  it('names every refused recipient and every reason given, and only the reasons given', () => {
    expect(refusedRecipientsNote({})).toBeNull();
    expect(refusedRecipientsNote({ rejected: 'x@city.example.gov' })).toBeNull();
    expect(
      refusedRecipientsNote({
        rejected: ['x@city.example.gov', 'y@city.example.gov'],
        rejectedErrors: [{ response: '550 5.1.1 No such user' }, { response: '553 5.1.3\r\n Bad address' }],
      }),
    ).toBe('The server refused x@city.example.gov, y@city.example.gov (550 5.1.1 No such user; 553 5.1.3 Bad address); the other recipients got the message');
    expect(refusedRecipientsNote({ rejected: ['x@city.example.gov'], rejectedErrors: [{ code: 'EENVELOPE' }] })).toBe(
      'The server refused x@city.example.gov; the other recipients got the message',
    );
    expect(refusedRecipientsNote({ rejected: ['x@city.example.gov'], rejectedErrors: 'no list' })).toBe(
      'The server refused x@city.example.gov; the other recipients got the message',
    );
  });
});

describe('the wait before the next try', () => {
  const retry = { baseMs: 30_000, maxMs: 3_600_000 };
  it('doubles from the base up to the cap, a fifth either way', () => {
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelay(n, retry, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
    expect(retryDelay(1, retry, () => 0)).toBe(24_000);
    expect(retryDelay(1, retry, () => 0.999_999)).toBe(36_000);
  });
  it('adds up to about 13 hours over the 20 tries', () => {
    const total = Array.from({ length: 19 }, (_, i) => retryDelay(i + 1, retry, () => 0.5)).reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeCloseTo(13.1, 1);
  });
});

describe('a reason as logged', () => {
  it('carries no e-mail address', () => {
    expect(withoutAddresses('550 5.1.1 <clerk@city.example.gov>: Recipient address rejected; also a.b+c@d.org')).toBe(
      '550 5.1.1 <[address]>: Recipient address rejected; also [address]',
    );
  });
});
