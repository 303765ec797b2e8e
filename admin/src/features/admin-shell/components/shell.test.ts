import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';
import { isActive, NAV_ITEMS } from './nav-items';

const activeLabel = (pathname: string) => NAV_ITEMS.filter((item) => isActive(item, pathname)).map((i) => i.label);

describe('the sidebar entry of the current page', () => {
  it('is exactly one entry on every admin page', () => {
    expect(activeLabel('/admin')).toEqual(['Dashboard']);
    expect(activeLabel('/admin/')).toEqual(['Dashboard']);
    expect(activeLabel('/admin/causes')).toEqual(['Campaigns']);
    expect(activeLabel('/admin/letters')).toEqual(['Letters']);
    expect(activeLabel('/admin/supporters')).toEqual(['Supporters']);
    expect(activeLabel('/admin/message-points')).toEqual(['Message Points']);
    expect(activeLabel('/admin/settings')).toEqual(['Settings']);
    expect(activeLabel('/admin/audit-log')).toEqual(['Audit Log']);
    expect(activeLabel('/admin/erasure')).toEqual(['Erase a Supporter']);
    expect(activeLabel('/admin/districts')).toEqual(['Districts']);
  });

  it('is Districts for one boundary set', () => {
    expect(activeLabel('/admin/districts/3')).toEqual(['Districts']);
  });

  it('is Campaigns for a campaign being edited or created', () => {
    expect(activeLabel('/admin/campaigns/12')).toEqual(['Campaigns']);
    expect(activeLabel('/admin/campaigns/new')).toEqual(['Campaigns']);
    expect(activeLabel('/admin/campaigns/12/quarantines')).toEqual(['Campaigns']);
  });

  it('is none for an unknown page', () => {
    expect(activeLabel('/admin/nowhere')).toEqual([]);
    expect(activeLabel('/admin/letters-old')).toEqual([]);
    expect(activeLabel('/admin/audit-logs')).toEqual([]);
  });
});

describe('avatar initials', () => {
  it('takes the first letters of the first two words of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  mary   jane watson ')).toBe('MJ');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
  });

  it('takes the first letter of an e-mail address, and never shows nothing', () => {
    expect(initialsOf('ada@example.org')).toBe('A');
    expect(initialsOf('')).toBe('?');
  });
});
