import { count, counted } from '../contract/counted';
import { PERSONAL_WORDS } from '../contract/personal-letter';
import type { PacketLetter } from './contents';
import type { PacketSummary } from './summary';

/**
 * The packet's own words (US English, as the clerk's office reads it), in one place: the PDF and
 * the HTML version say the same. The organiser's and the writers' words are theirs, quoted.
 */

export const HEADINGS = {
  counting: 'How these figures were counted',
  voices: 'In their own words',
  points: 'Talking points these letters share',
  letters: 'The letters',
  integrity: 'Checking these letters',
} as const;

/** Lists 'a', 'a and b', 'a, b and c'. */
export function joined(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What the cover says of how its figures were made: confirmation, what was left out and why, repeats, personal letters, places. */
export function countingNotes(s: Omit<PacketSummary, 'ids'>): string[] {
  const notes: string[] = [];
  if (s.letters > 0 && s.confirmedByEmail === s.letters) {
    notes.push('Confirmed: every letter was confirmed by its writer, who followed a link sent to their own e-mail address before it was counted.');
  } else if (s.confirmedByEmail > 0) {
    notes.push(
      `Confirmed: ${count(s.confirmedByEmail)} of ${counted(s.letters, 'letter was', 'letters were')} confirmed by their writers, who followed a link sent to their own e-mail address; the others came while the campaign did not ask for it.`,
    );
  } else {
    notes.push('Confirmed: the campaign did not ask writers to confirm by e-mail, so each letter was counted as it was submitted.');
  }
  if (s.quarantined.length === 0) {
    notes.push('Left out: nothing. The organisers held no letters or signatures in quarantine in this period.');
  } else {
    const letters = s.quarantined.reduce((t, q) => t + q.letters, 0);
    const signatures = s.quarantined.reduce((t, q) => t + q.signatures, 0);
    const why = s.quarantined.map((q) => `"${q.reason}" (${joined([q.letters && counted(q.letters, 'letter', 'letters'), q.signatures && counted(q.signatures, 'signature', 'signatures')].filter(Boolean) as string[])})`);
    notes.push(
      `Left out: ${counted(letters, 'letter', 'letters')} and ${counted(signatures, 'signature', 'signatures')} that the organisers held in quarantine as a suspected flood, for ${s.quarantined.length === 1 ? 'this reason' : 'these reasons'}: ${joined(why)}. They are in none of these figures.`,
    );
  }
  notes.push(
    `Repeats: each e-mail address signs once (capitals, +tags and Gmail dots are folded before comparing), so a repeat signature counts nothing. Letters are not merged: ${
      s.writers === s.letters ? `each of the ${counted(s.letters, 'letter', 'letters')} came from a different address` : `these ${counted(s.letters, 'letter', 'letters')} came from ${counted(s.writers, 'address', 'different addresses')}, and each is printed`
    }.`,
  );
  notes.push(`Personal: a letter is personal when at least ${PERSONAL_WORDS} of its words are its writer's own, beyond the text Dais suggested.`);
  if (s.residency) {
    notes.push("Districts: each writer's address was placed in the campaign's district boundaries; a district marked self-reported is the one the writer chose.");
  }
  return notes;
}

/** The line under a letter's heading that names the talking points it carries. */
export function pointsLine(l: Pick<PacketLetter, 'points'>): string {
  if (l.points.length === 0) return 'Talking points: none.';
  const one = l.points.length === 1;
  return `Talking points: ${one ? 'number' : 'numbers'} ${joined(l.points.map(String))} (${one ? '' : 'each '}printed once, under "${HEADINGS.points}").`;
}

/** What a letter's entry prints of its text, and the sentence before it. */
export function letterBody(l: Pick<PacketLetter, 'personal' | 'ownWords' | 'text'>): { lead: string | null; text: string | null } {
  if (l.personal || l.ownWords === null) return { lead: null, text: l.text };
  if (l.ownWords) return { lead: "Otherwise the text Dais suggested. The writer's own words:", text: l.ownWords };
  return { lead: 'No words of the writer\'s own: the text Dais suggested, with the talking points above. The full text is in the CSV and the HTML version of this packet.', text: null };
}

/** The intro of the talking points section. */
export function pointsIntro(letters: number): string {
  return `Dais suggested a letter from the talking points each writer chose, in varied wording. Each point is printed once here with the number of the ${counted(letters, 'letter', 'letters')} that carry it; each letter's entry names its points by number. Personal letters are printed in full.`;
}

/** The sentence under "In their own words" when some personal letters are not quoted. */
export const voicesUnknown = (x: number) => `${counted(x, 'personal letter was', 'personal letters were')} stored before Dais kept a writer's own words apart; ${x === 1 ? 'it is' : 'they are'} printed in full under "${HEADINGS.letters}".`;

/** A quote's attribution: 'Maria G., Ward 2 · Support · letter 12'. */
export function attribution(v: { who: string; where: string; position: string | null; n: number }): string {
  return [[v.who, v.where].filter(Boolean).join(', '), v.position, `letter ${count(v.n)}`].filter(Boolean).join(' · ');
}

/**
 * How a reader checks the digests, for the appendix. The CSV's formula guard (http/csv.ts) is the
 * one way a Letter cell can differ from the text as stored, so the sentence says how to undo it.
 */
export const INTEGRITY_HOW_TO_CHECK =
  "Each letter's SHA-256 is computed from its text exactly as stored, in UTF-8; the packet's CSV gives it in its Letter SHA-256 column, " +
  'beside the letter in full. To check a letter, copy its text from the CSV\'s Letter column into a file saved as UTF-8, adding nothing ' +
  '(not even a line break at the end), and run `sha256sum` on the file. Where the CSV put an apostrophe before an =, +, - or @ at the ' +
  'start of the text or of a line, or after a comma, semicolon or tab, so that no spreadsheet runs it as a formula, take that one ' +
  'apostrophe out first. To check the CSV itself, run `sha256sum` on the file as it was received: the result is its SHA-256 given here.';
