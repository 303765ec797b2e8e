/**
 * The iframe/parent protocol: every message the Dais widget page (/widget/{id}, /letter/review)
 * sends to the page that frames it. This file is the only list; the embed loader imports it.
 *
 * Origin handling, both sides:
 * - The widget page posts to `*` because it cannot know who frames it, so a message carries no
 *   supporter data at all: only the page's height.
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

/** Widget page to parent. */
export type DaisMessage = ResizeMessage;

export const resizeMessage = (height: number): ResizeMessage => ({ type: 'dais:resize', height });

/** True for a well-formed Dais message; heights are whole, positive and sane. */
export function isDaisMessage(data: unknown): data is DaisMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<ResizeMessage>;
  return m.type === 'dais:resize' && Number.isInteger(m.height) && m.height! > 0 && m.height! < 100_000;
}
