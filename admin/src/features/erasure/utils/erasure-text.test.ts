import { describe, expect, it } from 'vitest';
import type { ErasureRecord } from '@dais/api/contract';
import { counted, eraseLabel, erasureResultText, formsText, mailsText } from './erasure-text';

const record = (kind: ErasureRecord['kind'], id: number): ErasureRecord => ({
  kind,
  id,
  campaign_id: 1,
  campaign_title: 'Protect Riverside Park',
  status: 'confirmed',
  created_at: '2026-05-14T15:07:00.000Z',
  delivered: false,
});

describe('what an erasure took', () => {
  it('counts each kind, in words', () => {
    expect(erasureResultText({ signatures: 2, letters: 1, mails: 1 })).toBe('Erased 2 signatures, 1 letter and 1 e-mail.');
    expect(erasureResultText({ signatures: 1, letters: 3, mails: 4 })).toBe('Erased 1 signature, 3 letters and 4 e-mails.');
  });

  it('leaves out the kinds it found none of', () => {
    expect(erasureResultText({ signatures: 1, letters: 1, mails: 0 })).toBe('Erased 1 signature and 1 letter.');
    expect(erasureResultText({ signatures: 0, letters: 2, mails: 0 })).toBe('Erased 2 letters.');
    expect(erasureResultText({ signatures: 0, letters: 0, mails: 1 })).toBe('Erased 1 e-mail.');
  });

  it('says so when nothing was left (another admin erased it first)', () => {
    expect(erasureResultText({ signatures: 0, letters: 0, mails: 0 })).toBe('Nothing was left to erase: no record held this address any more.');
  });

  it('writes large numbers with separators', () => {
    expect(counted(12345, 'e-mail')).toBe('12,345 e-mails');
  });
});

describe('the erase button', () => {
  it('names how many records it erases', () => {
    expect(eraseLabel({ records: [record('signature', 1), record('letter', 2), record('letter', 3)], mails: 1 })).toBe('Erase 3 records');
    expect(eraseLabel({ records: [record('letter', 2)], mails: 0 })).toBe('Erase 1 record');
  });

  it('is not there when no record and no e-mail holds the address', () => {
    expect(eraseLabel({ records: [], mails: 0 })).toBeNull();
  });

  it('erases e-mails left behind by records that are already gone', () => {
    expect(eraseLabel({ records: [], mails: 2 })).toBe('Erase 2 e-mails');
  });
});

describe('the e-mails line', () => {
  it('says how many e-mails Dais sent to the address', () => {
    expect(mailsText(0)).toBe('Dais has sent no e-mails to this address.');
    expect(mailsText(1)).toMatch(/^Dais has sent 1 e-mail to this address /);
    expect(mailsText(3)).toMatch(/^Dais has sent 3 e-mails to this address /);
  });
});

describe('the forms of the address', () => {
  it('names the other forms the records were found under, which erasing takes too', () => {
    expect(formsText({ email: 'janedoe@gmail.com', addresses: ['janedoe@gmail.com', 'jane.doe+council@gmail.com'] })).toBe(
      'Also found under jane.doe+council@gmail.com: a form of this address that reaches the same mailbox (a +tag, capitals, or dots at Gmail). Erasing takes it too.',
    );
    expect(formsText({ email: 'sam@example.org', addresses: ['sam@example.org', 'sam+a@example.org', 'sam+b@example.org'] })).toBe(
      'Also found under sam+a@example.org and sam+b@example.org: forms of this address that reach the same mailbox (a +tag, capitals, or dots at Gmail). Erasing takes them too.',
    );
  });

  it('says nothing when the records hold only the address asked about', () => {
    expect(formsText({ email: 'sam@example.org', addresses: ['sam@example.org'] })).toBeNull();
  });
});
