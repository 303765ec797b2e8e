import { describe, expect, it } from 'vitest';
import { iframeEmbedCode, scriptEmbedCode, widgetUrl } from './embed-code';

describe('embed code', () => {
  it('is an iframe of {host}/widget/{id}, 100% wide, 600 high, rounded, with a shadow', () => {
    const code = iframeEmbedCode('https://dais.example.org', { id: 12, title: 'Save the Park' });
    expect(code).toBe(
      '<iframe src="https://dais.example.org/widget/12" width="100%" height="600" frameborder="0" ' +
        'style="border: none; border-radius: 12px; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);" ' +
        'title="Save the Park" loading="lazy"></iframe>',
    );
  });

  it("escapes the campaign's title so it cannot break out of the attribute", () => {
    const code = iframeEmbedCode('http://localhost:3000', { id: 3, title: 'Say "no" <script>&' });
    expect(code).toContain('title="Say &quot;no&quot; &lt;script&gt;&amp;"');
    expect(code).not.toContain('<script>');
  });

  it('builds the widget address without doubling slashes', () => {
    expect(widgetUrl('http://localhost:3000/', 7)).toBe('http://localhost:3000/widget/7');
  });

  it('offers the loader script tag', () => {
    expect(scriptEmbedCode('https://dais.example.org', 12)).toBe(
      '<script src="https://dais.example.org/embed.js" data-campaign="12" async></script>',
    );
  });
});
