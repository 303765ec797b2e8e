import { describe, expect, it } from 'vitest';
import { shareLinks } from './share';
import { es } from './texts';

describe('share links (SPEC.md "Share tab")', () => {
  const page = 'https://host.example/petition?x=1&y=2';
  const links = Object.fromEntries(shareLinks('Save the Park & Pool', page).map((l) => [l.label, new URL(l.href)]));

  it('offers Facebook, Twitter, LinkedIn and e-mail, in that order', () => {
    expect(shareLinks('t', page).map((l) => l.label)).toEqual(['Facebook', 'Twitter', 'LinkedIn', 'Email']);
  });

  it('shares the page address on Facebook and LinkedIn', () => {
    expect(links.Facebook!.origin).toBe('https://www.facebook.com');
    expect(links.Facebook!.searchParams.get('u')).toBe(page);
    expect(links.LinkedIn!.origin).toBe('https://www.linkedin.com');
    expect(links.LinkedIn!.searchParams.get('url')).toBe(page);
  });

  it("tweets the spec's text with the title, plus the page address", () => {
    expect(links.Twitter!.searchParams.get('text')).toBe('Join me in supporting this campaign: Save the Park & Pool');
    expect(links.Twitter!.searchParams.get('url')).toBe(page);
  });

  it("drafts a mail with the subject 'Support: {title}'", () => {
    const mail = links.Email!;
    expect(mail.protocol).toBe('mailto:');
    const params = new URLSearchParams(mail.search);
    expect(params.get('subject')).toBe('Support: Save the Park & Pool');
    expect(params.get('body')).toContain(page);
  });

  it('says it all in Spanish for a Spanish widget', () => {
    const spanish = Object.fromEntries(shareLinks('Salvemos el parque', page, es).map((l) => [l.label, new URL(l.href)]));
    expect(Object.keys(spanish)).toEqual(['Facebook', 'Twitter', 'LinkedIn', 'Correo electrónico']);
    expect(spanish.Twitter!.searchParams.get('text')).toBe('Apoye conmigo esta campaña: Salvemos el parque');
    expect(new URLSearchParams(spanish['Correo electrónico']!.search).get('subject')).toBe('Apoyo: Salvemos el parque');
  });
});
