import { describe, expect, it } from 'vitest';
import { quarantineHref, quarantinePrefillFrom } from './quarantine-link';

const back = (href: string) => quarantinePrefillFrom(new URLSearchParams(href.split('?')[1] ?? ''));

describe("a campaign's Quarantine screen address", () => {
  it('is the plain screen without a burst', () => {
    expect(quarantineHref(7)).toBe('/admin/campaigns/7/quarantines');
    expect(back(quarantineHref(7))).toBeNull();
  });

  it('carries a network or an e-mail domain and the start, and reads them back as they went', () => {
    const network = { kind: 'network', source: '203.0.113.0/24', from: '2026-05-14T15:52:00.000Z' } as const;
    expect(quarantineHref(7, network)).toBe('/admin/campaigns/7/quarantines?network=203.0.113.0%2F24&from=2026-05-14T15%3A52%3A00.000Z');
    expect(back(quarantineHref(7, network))).toEqual(network);
    const v6 = { kind: 'network', source: '2001:db8:1:2::/64', from: '2026-05-14T15:52:00.000Z' } as const;
    expect(back(quarantineHref(7, v6))).toEqual(v6);
    const domain = { kind: 'domain', source: 'mailinator.com', from: '2026-05-14T15:52:00.000Z' } as const;
    expect(quarantineHref(7, domain)).toContain('?email_domain=mailinator.com&');
    expect(back(quarantineHref(7, domain))).toEqual(domain);
  });

  it('ignores an address no alert makes', () => {
    const from = 'from=2026-05-14T15:52:00Z';
    expect(back(`?network=203.0.113.0/24&email_domain=mailinator.com&${from}`)).toBeNull();
    expect(back(`?network=&${from}`)).toBeNull();
    expect(back('?network=203.0.113.0/24')).toBeNull();
    expect(back('?network=203.0.113.0/24&from=yesterday')).toBeNull();
    expect(back('?network=203.0.113.0/24&from=2026-13-45T99:00Z')).toBeNull();
  });
});
