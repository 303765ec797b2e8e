/**
 * The iframe/parent protocol: every message the Dais widget page (/widget/{id}, /letter/review)
 * sends to the page that frames it. This file is the only list; the embed loader imports it.
 *
 * Origin handling, both sides:
 * - The widget page posts to `*` because it cannot know who frames it, so a message carries no
 *   supporter data at all: only the page's height and the campaign's public title.
 * - The loader accepts a message only when `event.source` is its own iframe's `contentWindow` and
 *   `event.origin` is the Dais origin (the origin of embed.js), and only when `isDaisMessage`
 *   accepts its shape. Anything else is ignored.
 */

/**
 * The page's content height in CSS pixels changed: set the iframe to it so it never scrolls. Every
 * message type starts with 'dais:', so hosts can tell ours from their own.
 */
export interface ResizeMessage {
  type: 'dais:resize';
  height: number;
}

/**
 * The page knows its campaign: title the iframe with the campaign's title (the loader makes the
 * frame before it knows it, so a screen reader would otherwise hear only the campaign's number).
 */
export interface CampaignMessage {
  type: 'dais:campaign';
  title: string;
}

/** Widget page to parent. */
export type DaisMessage = ResizeMessage | CampaignMessage;

export const resizeMessage = (height: number): ResizeMessage => ({ type: 'dais:resize', height });
export const campaignMessage = (title: string): CampaignMessage => ({ type: 'dais:campaign', title });

/**
 * True for a well-formed Dais message: heights whole, positive and sane; titles text with something
 * in it, of a sane length (a campaign's title is at most 200 characters; this only refuses nonsense).
 */
export function isDaisMessage(data: unknown): data is DaisMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as { type?: unknown; height?: number; title?: unknown };
  if (m.type === 'dais:campaign') return typeof m.title === 'string' && m.title.trim() !== '' && m.title.length <= 500;
  return m.type === 'dais:resize' && Number.isInteger(m.height) && m.height! > 0 && m.height! < 100_000;
}
