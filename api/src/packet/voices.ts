import type { Voice } from './contents';
import { CONTENT_WIDTH, INK, PAGE, type Flow } from './page';
import { drawProse } from './prose';
import type { Tag } from './structure';
import type { PacketText, TextStyle } from './text';
import { attribution, HEADINGS, voicesUnknown } from './words';

const QUOTE: TextStyle = { size: 10.5, color: INK.text };
const WHO: TextStyle = { size: 9, color: INK.muted };
const INDENT = 14;

/**
 * "In their own words": what each personal letter's writer wrote themselves (at most VOICE_WORDS
 * words of it), with their first name and initial, district or city, position and the letter's
 * number, in the packet's order: a few pages a clerk reads first. Tagged as a section of an H2
 * and, for each writer, a BlockQuote and its attribution.
 */
export function drawVoices(flow: Flow, text: PacketText, root: Tag, voices: readonly Voice[], unknown: number, lang: string): void {
  const x = PAGE.margin;
  const sect = root.child('Sect');
  sect.leaf('H2', () => text.drawLine(HEADINGS.voices, x, flow.y, { size: 14, bold: true, color: INK.text }, CONTENT_WIDTH));
  flow.y += 24;
  if (voices.length === 0 && unknown === 0) {
    sect.leaf('P', () => text.drawLine('No letter in this packet carries words of its writer\'s own.', x, flow.y, WHO, CONTENT_WIDTH));
    flow.y += 20;
  }
  if (unknown > 0) {
    drawProse(flow, text, sect, voicesUnknown(unknown), WHO, { container: 'Div', leading: 13 });
    flow.y += 8;
  }
  for (const v of voices) {
    flow.room(50);
    drawProse(flow, text, sect, v.text, QUOTE, { container: 'BlockQuote', lang, x: x + INDENT, width: CONTENT_WIDTH - INDENT, leading: 14.5 });
    flow.lineBreakIfFull();
    sect.leaf('P', () => text.drawLine(`— ${attribution(v)}`, x + INDENT, flow.y, WHO, CONTENT_WIDTH - INDENT));
    flow.y += 24;
    flow.writePagesBehind();
  }
  sect.end();
}
