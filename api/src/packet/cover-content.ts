import { count, counted } from '../contract/counted';
import type { CampaignRow } from '../db/types';
import { firstWords } from './contents';
import type { PacketScope } from './render';
import type { PacketSummary, Tally } from './summary';
import { formatDay, formatTime } from './times';

/**
 * What the cover says, apart from how it is drawn: the PDF's cover (cover.ts) and the HTML version
 * (html.ts) show the same fields, figures and tables from here.
 */

export type CoverCampaign = Pick<CampaignRow, 'title' | 'description' | 'decision_body' | 'jurisdiction' | 'meeting_date' | 'agenda_item_number' | 'project_name' | 'language'>;

export interface CoverContext {
  campaign: CoverCampaign;
  scope: PacketScope;
  summary: Omit<PacketSummary, 'ids'>;
  madeAt: Date;
  zone: string;
}

/** The campaign's description, at most: three lines of the cover. */
const ASK_WORDS = 45;
/** Cities listed where the campaign places no one in districts; the rest are summed in a line. */
const CITIES_SHOWN = 12;

/** The cover's figures, in order: what the cover's tables and the HTML's show. */
export function coverTallies(s: Omit<PacketSummary, 'ids'>): { heading: string; column: string; rows: Tally[]; more?: Tally }[] {
  const tables: { heading: string; column: string; rows: Tally[]; more?: Tally }[] = [];
  if (s.positions) tables.push({ heading: 'Letters by position', column: 'Position', rows: s.positions });
  if (s.residency) tables.push({ heading: 'Letters by residency', column: 'Residency', rows: s.residency });
  if (s.districts) tables.push({ heading: 'Letters by district', column: 'District', rows: s.districts });
  else {
    const rest = s.cities.slice(CITIES_SHOWN);
    const more = rest.length ? { label: `and ${count(rest.length)} more`, count: rest.reduce((n, t) => n + t.count, 0) } : undefined;
    tables.push({ heading: 'Letters by city', column: 'City', rows: s.cities.slice(0, CITIES_SHOWN), more });
  }
  return tables;
}

/** The labelled facts of the cover: what the packet is for (only the fields the organiser set), then what it holds. */
export function coverFields(c: CoverContext): [string, string][] {
  const { campaign, scope, summary } = c;
  const at = (d: Date) => formatTime(d, c.zone);
  const fields: [string, string | null][] = [
    ['The ask', campaign.description?.trim() ? firstWords(campaign.description.trim(), ASK_WORDS) : null],
    ['Decision body', campaign.decision_body],
    ['Jurisdiction', campaign.jurisdiction],
    ['Meeting date', campaign.meeting_date ? formatDay(campaign.meeting_date) : null],
    ['Agenda item', campaign.agenda_item_number],
    ['Project', campaign.project_name],
    ['Comment deadline', scope.lateAfter ? `${at(new Date(scope.lateAfter))}; ${lateWords(summary.late)}` : null],
    ['Letters included', scope.since ? `Submitted after ${at(new Date(scope.since))}, up to ${at(new Date(scope.until))}` : `All submitted up to ${at(new Date(scope.until))}`],
    ['First submission', summary.first ? at(summary.first) : 'None'],
    ['Last submission', summary.last ? at(summary.last) : 'None'],
    ['Packet made', at(c.madeAt)],
  ];
  return fields.filter((f): f is [string, string] => Boolean(f[1]?.trim()));
}

const lateWords = (late: number) => (late === 0 ? 'no letter came after it' : `${counted(late, 'letter came after it and is', 'letters came after it and are')} marked LATE`);

/** The cover's three figures, with their captions. */
export function coverFigures(s: Omit<PacketSummary, 'ids'>): [string, string][] {
  return [
    [count(s.letters), s.letters === 1 ? 'letter in this packet' : 'letters in this packet'],
    [count(s.signatures), s.signatures === 1 ? 'signature, same period' : 'signatures, same period'],
    [count(s.personal), s.personal === 1 ? 'personal letter' : 'personal letters'],
  ];
}
