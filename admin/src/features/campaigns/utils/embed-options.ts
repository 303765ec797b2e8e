/**
 * The two ways to put a campaign on another site, as the Embed Code dialog offers them: the spec's
 * iframe (fixed 600 px high) and the loader script tag (sizes itself to the widget).
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
      id: 'iframe',
      title: 'Iframe',
      description: 'Works on any site that allows iframes: 100% wide, 600 pixels high, rounded corners and a shadow.',
      code: iframeEmbedCode(origin, campaign),
      copyLabel: 'Copy iframe code',
    },
    {
      id: 'script',
      title: 'Script tag',
      description: 'For sites that allow scripts: the widget grows and shrinks to fit its content.',
      code: scriptEmbedCode(origin, campaign.id),
      copyLabel: 'Copy script tag',
    },
  ];
}
