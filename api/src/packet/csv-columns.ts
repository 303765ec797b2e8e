import { createHash, type Hash } from 'node:crypto';
import { packetCsvNotice } from '../contract/packet-text';
import { perspectiveLabel } from '../contract/perspectives';
import { positionWording } from '../contract/position';
import type { CampaignRow, LetterRow } from '../db/types';
import { csvLine, csvTop, type CsvCell } from '../http/csv';
import { districtCsvCell, residencyCsvCell } from '../presenters/place';
import { letterDigest } from './letter-digest';
import { isoAtZone } from './times';

/**
 * The packet CSV's columns and rows, apart from reading the database: render.ts streams the CSV
 * with them, and the PDF worker (which has no database) takes the same rows' SHA-256 as the
 * letters pass through it, for its appendix.
 */

/** The campaign's fields the CSV's rows and header depend on. */
export type PacketCsvCampaign = Pick<CampaignRow, 'agenda_item_number' | 'position_labels' | 'packet_csv_contacts'>;

/** One letter as the packet CSV's columns read it. */
export interface PacketCsvRecord {
  campaign: PacketCsvCampaign;
  letter: LetterRow;
  late: boolean;
  /** Its number in the packet: "letter n of N" in the PDF. */
  n: number;
  /** The time zone its time is shown in (times.ts). */
  zone: string;
}

export interface PacketCsvColumn {
  header: string;
  /** One of the writer's contact details: left out where the organiser chose (packet_csv_contacts). */
  contact?: true;
  cell: (r: PacketCsvRecord) => CsvCell;
}

/**
 * The columns of a clerk's eComment report (agenda item, who, how to reach them, where from,
 * position, when, the comment as submitted), plus whether it was late, its number in the PDF
 * ("letter n of N"), its id and SHA-256 (what the PDF's integrity appendix lists), and the letter
 * itself last (it spans lines, quoted). The contact details are here for the clerk to verify a
 * comment; the PDF, which is published, leaves them out, and the file's first line says so.
 */
const PACKET_CSV_COLUMNS: readonly PacketCsvColumn[] = [
  { header: 'Agenda item', cell: (r) => r.campaign.agenda_item_number ?? '' },
  { header: 'Name', cell: (r) => r.letter.supporter_name },
  { header: 'Email', contact: true, cell: (r) => r.letter.supporter_email },
  { header: 'Address', contact: true, cell: (r) => r.letter.street_address },
  { header: 'City', cell: (r) => r.letter.city },
  { header: 'State', cell: (r) => r.letter.state },
  { header: 'ZIP code', cell: (r) => r.letter.zip_code },
  { header: 'Phone', contact: true, cell: (r) => r.letter.phone_number },
  { header: 'District', cell: (r) => districtCsvCell(r.letter) },
  { header: 'Residency', cell: (r) => residencyCsvCell(r.letter) },
  // In the organiser's words, as the letter states it; empty where the campaign asked none.
  { header: 'Position', cell: (r) => (r.letter.position ? positionWording(r.letter.position, r.campaign.position_labels) : '') },
  { header: 'Perspective', cell: (r) => perspectiveLabel(r.letter.perspective) },
  // At least 12 words of the writer's own (contract/personal-letter.ts).
  { header: 'Personal', cell: (r) => r.letter.personal },
  { header: 'Submitted at', cell: (r) => isoAtZone(r.letter.created_at, r.zone) },
  { header: 'Late', cell: (r) => r.late },
  { header: 'Packet letter no.', cell: (r) => r.n },
  { header: 'Letter ID', cell: (r) => r.letter.id },
  { header: 'Letter SHA-256', cell: (r) => letterDigest(r.letter.letter_content) },
  { header: 'Letter', cell: (r) => r.letter.letter_content },
];

/** The packet CSV's columns, with or without the writer's e-mail, street address and phone. */
export const packetCsvColumns = (contacts: boolean): readonly PacketCsvColumn[] =>
  contacts ? PACKET_CSV_COLUMNS : PACKET_CSV_COLUMNS.filter((c) => !c.contact);

/** The CSV's header row, and its notice above it, as the campaign's choice of columns makes them. */
export const packetCsvHead = (campaign: PacketCsvCampaign) => ({
  header: packetCsvColumns(campaign.packet_csv_contacts).map((c) => c.header),
  notice: packetCsvNotice(campaign.packet_csv_contacts),
});

/**
 * The SHA-256 of the packet CSV's bytes, taken a row at a time as its letters come in packet
 * order: the same bytes as packetCsv streams (http/csv.ts writes the same lines), never held whole.
 */
export class PacketCsvDigest {
  private readonly hash: Hash = createHash('sha256');
  private readonly columns: readonly PacketCsvColumn[];

  constructor(
    private readonly campaign: PacketCsvCampaign,
    private readonly zone: string,
  ) {
    this.columns = packetCsvColumns(campaign.packet_csv_contacts);
    const { header, notice } = packetCsvHead(campaign);
    this.hash.update(csvTop(header, notice));
  }

  add(letter: LetterRow, late: boolean, n: number): void {
    const record: PacketCsvRecord = { campaign: this.campaign, letter, late, n, zone: this.zone };
    this.hash.update(csvLine(this.columns.map((c) => c.cell(record))));
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}
