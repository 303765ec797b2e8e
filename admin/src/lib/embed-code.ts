/**
 * What an admin pastes into another site to show a campaign (SPEC.md section 7, Embed): the
 * widget page in an iframe 100% wide and 600 high, rounded, with a shadow. The script-tag snippet
 * (embed-loader/README.md) sizes itself to the widget and is offered beside it.
 */

/** Text safe inside a double-quoted HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The widget's address: the product's host plus /widget/{id}. */
/** SPEC section 8's success alert after copying either snippet. */
export const EMBED_COPIED_MESSAGE = 'Embed code copied to clipboard!';

export function widgetUrl(origin: string, campaignId: number): string {
  return `${origin.replace(/\/+$/, '')}/widget/${campaignId}`;
}

export function iframeEmbedCode(origin: string, campaign: { id: number; title: string }): string {
  return (
    `<iframe src="${attribute(widgetUrl(origin, campaign.id))}" width="100%" height="600" frameborder="0" ` +
    `style="border: none; border-radius: 12px; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);" ` +
    `title="${attribute(campaign.title)}" loading="lazy"></iframe>`
  );
}

export function scriptEmbedCode(origin: string, campaignId: number): string {
  return `<script src="${attribute(`${origin.replace(/\/+$/, '')}/embed.js`)}" data-campaign="${campaignId}" async></script>`;
}
