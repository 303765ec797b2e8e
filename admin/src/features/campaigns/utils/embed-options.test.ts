import { describe, expect, it } from 'vitest';
import { embedOptions } from './embed-options';

describe('embed options', () => {
  const [script, iframe] = embedOptions('https://dais.example.org', { id: 12, title: 'Save the Park' });

  it("offers the spec's iframe: the widget page, 100% wide, 600 high, rounded, with a shadow", () => {
    expect(iframe!.id).toBe('iframe');
    expect(iframe!.code).toMatch(/^<iframe src="https:\/\/dais\.example\.org\/widget\/12" width="100%" height="600" /);
    expect(iframe!.code).toContain('border-radius: 12px');
    expect(iframe!.code).toContain('box-shadow:');
    expect(iframe!.code).toContain('title="Save the Park"');
  });

  it('offers the loader script tag first, and says why', () => {
    expect(script!.id).toBe('script');
    expect(script!.title).toBe('Script tag (recommended)');
    expect(script!.description).toContain('never a scroll bar inside a box');
    expect(script!.code).toBe('<script src="https://dais.example.org/embed.js" data-campaign="12" async></script>');
  });

  it('gives each option its own copy button label', () => {
    expect(new Set(embedOptions('http://localhost:3000', { id: 1, title: 'x' }).map((o) => o.copyLabel)).size).toBe(2);
  });
});
