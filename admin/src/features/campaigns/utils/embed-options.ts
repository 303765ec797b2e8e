/**
 * The two ways to put a campaign on another site, as the Embed Code dialog offers them: the loader
 * script tag first (it sizes itself to the widget and keeps the whole flow in the page), then the
 * spec's iframe (fixed 600 px high) for sites that allow no scripts.
 */
import { iframeEmbedCode, scriptEmbedCode } from '../../../lib/embed-code';

export interface EmbedOption {
  id: 'iframe' | 'script';
  title: string;
  description: string;
  code: string;
  copyLabel: string;
}

export function embedOptions(origin: string, campaign: { id: number; title: string }): EmbedOption[] {
  return [
    {
      id: 'script',
      title: 'Script tag (recommended)',
      description:
        'The widget becomes part of the page: it grows and shrinks to fit its content, so there is never a scroll bar inside a box, ' +
        "it takes the page's width on a phone, and signing, writing, reviewing and downloading the letter all happen in place. " +
        'Use it wherever the site lets you add a script.',
      code: scriptEmbedCode(origin, campaign.id),
      copyLabel: 'Copy script tag',
    },
    {
      id: 'iframe',
      title: 'Iframe',
      description:
        'For sites that allow no scripts (some website builders): 100% wide, 600 pixels high, rounded corners and a shadow. A long letter form scrolls inside it.',
      code: iframeEmbedCode(origin, campaign),
      copyLabel: 'Copy iframe code',
    },
  ];
}
