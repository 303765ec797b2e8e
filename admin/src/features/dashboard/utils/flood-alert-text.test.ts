import { describe, expect, it } from 'vitest';
import type { FloodAlert } from '@dais/api/contract';
import { floodAlertText } from './flood-alert-text';

const alert = (over: Partial<FloodAlert>): FloodAlert => ({
  campaign_id: 7,
  campaign_title: 'Protect Riverside Park',
  kind: 'network',
  source: '203.0.113.0/24',
  signatures: 60,
  of: 160,
  since: '2026-05-14T16:52:30.000Z',
  disposable: false,
  ...over,
});

/** Intl may put a narrow no-break space before PM: compared as a plain space. */
const plain = (s: string) => s.replace(/\u202f/g, ' ');

describe('a flood alert in words', () => {
  it('names the network, its share of the hour and since when, in the reader\'s time', () => {
    expect(plain(floodAlertText(alert({}), 'UTC'))).toBe('203.0.113.0/24 sent 60 of the 160 signatures received for “Protect Riverside Park” since 4:52 PM, confirmed or not');
    expect(plain(floodAlertText(alert({}), 'America/New_York'))).toMatch(/ since 12:52 PM, confirmed or not$/);
  });

  it('flags a throwaway-mail provider', () => {
    expect(plain(floodAlertText(alert({ kind: 'domain', source: 'mailinator.com', signatures: 55, disposable: true }), 'UTC'))).toBe(
      'mailinator.com (a throwaway-mail provider) sent 55 of the 160 signatures received for “Protect Riverside Park” since 4:52 PM, confirmed or not',
    );
  });

  it('says an ordinary domain is the addresses there', () => {
    expect(plain(floodAlertText(alert({ kind: 'domain', source: 'example.net', signatures: 1200, of: 4000 }), 'UTC'))).toBe(
      'Addresses at example.net sent 1,200 of the 4,000 signatures received for “Protect Riverside Park” since 4:52 PM, confirmed or not',
    );
  });

  it('keeps the title as typed', () => {
    expect(floodAlertText(alert({ campaign_title: 'Stop <b>this</b> & that' }), 'UTC')).toContain('received for “Stop <b>this</b> & that” since');
  });
});
