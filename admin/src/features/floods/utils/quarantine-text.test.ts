import { describe, expect, it } from 'vitest';
import type { QuarantineView } from '@dais/api/contract';
import { countsDropText, previewText, quarantinedText, rangeText, restoredText, sourceText } from './quarantine-text';

const view = (over: Partial<QuarantineView> = {}): QuarantineView => ({
  id: 3,
  campaign_id: 7,
  from: '2026-05-14T15:52:00.000Z',
  to: '2026-05-14T16:53:00.000Z',
  network: '203.0.113.0/24',
  email_domain: null,
  reason: 'Sixty names in minutes',
  signatures: 60,
  letters: 1,
  created_by: 'ida@example.org',
  created_at: '2026-05-14T16:55:00.000Z',
  restored_at: null,
  restored_by: null,
  ...over,
});

const plain = (s: string) => s.replace(/\u202f/g, ' ');

describe('what a preview found', () => {
  it('counts every row and the counted ones, in words', () => {
    expect(previewText({ signatures: 60, letters: 1, counted_signatures: 60, counted_letters: 1 })).toBe(
      'This takes 60 signatures (60 counted) and 1 letter (1 counted).',
    );
    expect(previewText({ signatures: 1, letters: 0, counted_signatures: 0, counted_letters: 0 })).toBe('This takes 1 signature (0 counted) and 0 letters (0 counted).');
    expect(previewText({ signatures: 1500, letters: 2, counted_signatures: 1200, counted_letters: 2 })).toBe(
      'This takes 1,500 signatures (1,200 counted) and 2 letters (2 counted).',
    );
  });

  it('says so when there is nothing to take', () => {
    expect(previewText({ signatures: 0, letters: 0, counted_signatures: 0, counted_letters: 0 })).toMatch(/^Nothing to quarantine: /);
  });

  it("says what the campaign's counts lose", () => {
    expect(countsDropText({ signatures: 60, letters: 1, counted_signatures: 58, counted_letters: 1 })).toBe("The campaign's counts drop by 58 signatures and 1 letter.");
    expect(countsDropText({ signatures: 3, letters: 0, counted_signatures: 0, counted_letters: 0 })).toMatch(/do not change/);
  });
});

describe('a quarantine in words', () => {
  it('names its source', () => {
    expect(sourceText(view())).toBe('network 203.0.113.0/24');
    expect(sourceText(view({ network: null, email_domain: 'mailinator.com' }))).toBe('e-mail domain mailinator.com');
  });

  it('gives its range where the reader is', () => {
    expect(plain(rangeText(view(), 'UTC'))).toBe('May 14, 2026, 3:52 PM to May 14, 2026, 4:53 PM');
  });

  it('says what a quarantine and a restore did', () => {
    expect(quarantinedText(view())).toBe('Quarantined 60 signatures and 1 letter from network 203.0.113.0/24.');
    expect(restoredText(view({ network: null, email_domain: 'mailinator.com', signatures: 1, letters: 0 }))).toBe(
      'Restored 1 signature and 0 letters from e-mail domain mailinator.com.',
    );
  });
});
