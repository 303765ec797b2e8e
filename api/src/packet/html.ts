import { Readable } from 'node:stream';
import { count } from '../contract';
import type { Database } from '../db/data-source';
import type { CampaignRow } from '../db/types';
import type { LetterMark } from './appendix';
import { packetLetter, type PacketLetter, type Voice } from './contents';
import { coverFields, coverFigures, coverTallies, type CoverCampaign } from './cover-content';
import { PACKET_HTML_CSS } from './html-style';
import { letterLabel } from './letter-page';
import { lettersById } from './read';
import { packetCsvDigest, type PacketScope } from './render';
import { summarize, type PacketSummary, type PointTally, type Tally } from './summary';
import { formatTime, packetZone } from './times';
import { attribution, countingNotes, HEADINGS, INTEGRITY_HOW_TO_CHECK, pointsIntro, pointsLine, voicesUnknown } from './words';

/**
 * The hearing packet as one HTML page (issue 26 point 7): what the PDF says (summary.ts, contents.ts,
 * words.ts, cover.ts give both their words), with headings, tables and each letter's language
 * marked up, every letter's text in full, and nothing but its own style: no script, nothing
 * loaded. Written as it is sent, a letter at a time (read 250 at a time, like the PDF), so
 * 10,000 letters take no more memory than ten.
 */

/** Whole letters read per query: a few hundred kilobytes of text. */
const LETTER_BATCH = 250;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or an attribute value: nothing anyone typed becomes markup. */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A letter's number in the packet as the page's anchors name it. */
const letterAnchor = (n: number) => `letter-${n}`;

/**
 * Text a person wrote as paragraphs: a blank line parts two, a single line break stays one
 * (a signature block, an address line) inside its paragraph.
 */
export function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(esc).join('<br>')}</p>`)
    .join('\n');
}

const share = (n: number, of: number) => `${of ? Math.round((n / of) * 100) : 0}%`;

/** What the HTML is made from, apart from the letters: the PDF's job (pdf.ts PacketJob) and the ids. */
interface HtmlJob {
  scope: PacketScope;
  campaign: CoverCampaign & Pick<CampaignRow, 'position_labels'>;
  zone: string;
  summary: PacketSummary;
  csvDigest: string;
  madeAt: Date;
}

/**
 * The HTML for the admin's view, in two steps like preparePacketPdf: the figures and the CSV's
 * digest first (an unknown campaign is still a JSON 404), then the stream.
 */
export async function preparePacketHtml(db: Database, campaign: CampaignRow, scope: PacketScope): Promise<{ summary: PacketSummary; stream: () => Readable }> {
  const summary = await summarize(db, scope, campaign);
  const csvDigest = await packetCsvDigest(db, scope);
  const job: HtmlJob = { scope, campaign, zone: packetZone(campaign), summary, csvDigest, madeAt: new Date() };
  return { summary, stream: () => Readable.from(packetHtml(db, job), { objectMode: false }) };
}

/** The page, a piece at a time: the head and cover, each letter as it is read, the integrity table. */
async function* packetHtml(db: Database, job: HtmlJob): AsyncGenerator<string> {
  const { campaign, summary, zone } = job;
  const lang = campaign.language;
  yield `<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public comment letters: ${esc(campaign.title)}</title>
<style>${PACKET_HTML_CSS}</style>
</head>
<body>
<main>
`;
  yield cover(job);
  yield voices(summary.voices, summary.voicesUnknown, lang);
  yield sharedPoints(summary.points, summary.letters, lang);

  const total = summary.letters;
  const late = new Set(summary.lateIds);
  const pointNumbers = new Map(summary.points.map((p, i) => [p.id, i + 1]));
  const deadline = job.scope.lateAfter ? new Date(job.scope.lateAfter) : null;
  // What the integrity table lists, kept as the PDF keeps it: a hundred bytes a letter.
  const marks: LetterMark[] = [];
  yield `<section class="part">\n<h2>${esc(HEADINGS.letters)}</h2>\n`;
  let n = 0;
  for await (const batch of lettersById(db, summary.ids, LETTER_BATCH)) {
    for (const row of batch) {
      n++;
      const l = packetLetter(row, { n, late: late.has(row.id), pointNumbers, labels: campaign.position_labels, lang });
      marks.push({ n, id: l.id, at: l.at, digest: l.digest });
      yield letter(l, total, deadline, zone);
    }
  }
  if (n === 0) yield '<p>No letters in this period.</p>\n';
  yield '</section>\n';
  yield* integrity(marks, job.csvDigest, zone);
  yield '</main>\n</body>\n</html>\n';
}

/** A table of a tally: its label column, the letters and their share, a "None" row when empty. */
function tallyTable(column: string, rows: readonly Tally[], of: number, labelLang?: string): string {
  const body = rows.length ? rows : [{ label: 'None', count: 0 }];
  const langAttr = labelLang ? ` lang="${esc(labelLang)}"` : '';
  return `<table>
<thead><tr><th scope="col">${esc(column)}</th><th scope="col" class="number">Letters</th><th scope="col" class="number">Share</th></tr></thead>
<tbody>
${body.map((r) => `<tr><th scope="row"${langAttr}>${esc(r.label)}</th><td class="number">${count(r.count)}</td><td class="number">${share(r.count, of)}</td></tr>`).join('\n')}
</tbody>
</table>
`;
}

/** The cover: what the packet is for, its three figures, what it holds, how it was counted, its tallies. */
function cover(job: HtmlJob): string {
  const { campaign, summary } = job;
  const lang = esc(campaign.language);
  const fields = coverFields({ campaign, scope: job.scope, summary, madeAt: job.madeAt, zone: job.zone });
  const split = fields.findIndex(([label]) => label === 'Letters included');
  const fieldTable = (rows: [string, string][]) =>
    rows.length === 0
      ? ''
      : `<table class="fields">\n<tbody>\n${rows
          // The organiser's words (the ask) are in the campaign's language; the packet's own are English.
          .map(([label, value]) => `<tr><th scope="row">${esc(label)}</th><td${label === 'The ask' ? ` lang="${lang}"` : ''}>${esc(value)}</td></tr>`)
          .join('\n')}\n</tbody>\n</table>\n`;
  const figures = coverFigures(summary)
    .map(([figure, caption]) => `<li><strong>${esc(figure)}</strong> ${esc(caption)}</li>`)
    .join('\n');
  return `<section>
<p class="kicker">Public comment letters</p>
<h1 lang="${lang}">${esc(campaign.title)}</h1>
${fieldTable(fields.slice(0, split))}<ul class="figures">
${figures}
</ul>
${fieldTable(fields.slice(split))}<h2>${esc(HEADINGS.counting)}</h2>
${countingNotes(summary).map((note) => `<p>${esc(note)}</p>`).join('\n')}
${coverTallies(summary)
  .map((t) => `<h2>${esc(t.heading)}</h2>\n${tallyTable(t.column, [...t.rows, ...(t.more ? [t.more] : [])], summary.letters)}`)
  .join('')}</section>
`;
}

/** "In their own words": each personal letter's own words, quoted, with who wrote them. */
function voices(all: readonly Voice[], unknown: number, lang: string): string {
  const parts = [`<section class="part">\n<h2>${esc(HEADINGS.voices)}</h2>`];
  if (all.length === 0 && unknown === 0) parts.push('<p class="note">No letter in this packet carries words of its writer\'s own.</p>');
  if (unknown > 0) parts.push(`<p class="note">${esc(voicesUnknown(unknown))}</p>`);
  for (const v of all) {
    parts.push(`<figure>\n<blockquote lang="${esc(lang)}">\n${paragraphs(v.text)}\n</blockquote>\n<figcaption>— ${esc(attribution(v))}</figcaption>\n</figure>`);
  }
  parts.push('</section>\n');
  return parts.join('\n');
}

/** The talking points the letters share, each once, numbered as the letters name them. */
function sharedPoints(points: readonly PointTally[], letters: number, lang: string): string {
  const head = `<section>\n<h2>${esc(HEADINGS.points)}</h2>\n<p>${esc(pointsIntro(letters))}</p>\n`;
  if (points.length === 0) return `${head}<p>The letters carry no talking points.</p>\n</section>\n`;
  const rows = points
    .map((p, i) => `<tr><th scope="row">${i + 1}</th><td lang="${esc(lang)}">${esc(p.label)}</td><td class="number">${count(p.count)}</td><td class="number">${share(p.count, letters)}</td></tr>`)
    .join('\n');
  return `${head}<table>
<thead><tr><th scope="col">No.</th><th scope="col">Talking point</th><th scope="col" class="number">Letters</th><th scope="col" class="number">Share</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</section>
`;
}

/** One letter's entry: its heading, its facts as the PDF gives them, then its whole text in its language. */
function letter(l: PacketLetter, total: number, deadline: Date | null, zone: string): string {
  const id = letterAnchor(l.n);
  const facts: string[] = [];
  const where = [l.place, l.district, l.position, l.perspective].filter(Boolean).join(' · ');
  if (where) facts.push(where);
  // A letter its writer confirmed from their own mailbox says so, as in the PDF.
  const when = l.sent ? `Submitted ${formatTime(l.sent, zone)} · Confirmed by its writer by e-mail ${formatTime(l.at, zone)}` : `Submitted ${formatTime(l.at, zone)}`;
  facts.push(`${when} · Letter ID ${l.id}`);
  const late = l.late ? `<p class="late">LATE: submitted after the written-comment deadline${deadline ? `, ${esc(formatTime(deadline, zone))}` : ''}</p>\n` : '';
  return `<article id="${id}" aria-labelledby="${id}-heading">
<h3 id="${id}-heading">${esc(`${letterLabel(l.n, total)}: ${l.name}`)}</h3>
${facts.map((f) => `<p class="facts">${esc(f)}</p>`).join('\n')}
${late}<p class="facts">${esc(pointsLine(l))}</p>
<div class="letter" lang="${esc(l.lang)}">
${paragraphs(l.text)}
</div>
</article>
`;
}

/** How to check the packet, the CSV's SHA-256 and each letter's: the table a batch of rows at a time. */
function* integrity(marks: readonly LetterMark[], csvDigest: string, zone: string): Generator<string> {
  yield `<section class="part">
<h2>${esc(HEADINGS.integrity)}</h2>
<p>${esc(INTEGRITY_HOW_TO_CHECK)}</p>
<p><strong>SHA-256 of this packet's CSV:</strong> <code id="csv-sha256">${esc(csvDigest)}</code></p>
`;
  if (marks.length > 0) {
    yield `<table>
<thead><tr><th scope="col">Letter</th><th scope="col">ID</th><th scope="col">Submitted</th><th scope="col">SHA-256 of its text</th></tr></thead>
<tbody>
`;
    for (let i = 0; i < marks.length; i += LETTER_BATCH) {
      yield marks
        .slice(i, i + LETTER_BATCH)
        .map((m) => `<tr><th scope="row"><a href="#${letterAnchor(m.n)}">${count(m.n)}</a></th><td>${m.id}</td><td>${esc(formatTime(m.at, zone))}</td><td><code>${m.digest}</code></td></tr>\n`)
        .join('');
    }
    yield '</tbody>\n</table>\n';
  }
  yield '</section>\n';
}
