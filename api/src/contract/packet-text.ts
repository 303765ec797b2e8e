/**
 * The packet's fixed texts and marks, apart from its request schema (packet.ts) so that the PDF
 * worker, which writes them, loads no zod (packet/pdf-worker-bundle.ts).
 */

/**
 * The reply header that gives a packet download's letter count before its first byte, so the
 * admin's page can show "letter n of N" as the file arrives (the PDF marks each letter as it is
 * written; the CSV has one record per letter).
 */
export const PACKET_LETTERS_HEADER = 'Packet-Letters';

/** The PDF's progress mark, one per letter: "%dais-letter 17 of 10000" (a PDF comment, skipped by every reader). */
export const PACKET_PROGRESS_MARK = '%dais-letter';

/**
 * The packet CSV's first line, before its header row: the CSV holds what the PDF leaves out (the
 * PDF is often published with the agenda), so whoever opens it is told what it is for.
 */
export const PACKET_CSV_NOTICE =
  "Not for publication: for the clerk's verification of these comments only. It holds each writer's e-mail address, street address and phone number; the PDF, which leaves them out, is the copy to publish.";

/**
 * The first line of a packet CSV whose organiser left the contact columns out (the campaign's
 * packet_csv_contacts): still not for publication, since the letters are as their writers sent
 * them, and a writer may have put their own address or phone in theirs (the PDF removes it).
 */
export const PACKET_CSV_NOTICE_WITHOUT_CONTACTS =
  "Not for publication: for the clerk's verification of these comments only. The organisers left out each writer's e-mail address, street address and phone number, but the letters are as their writers sent them and may still mention them; the PDF, which removes them, is the copy to publish.";

export const packetCsvNotice = (contacts: boolean): string => (contacts ? PACKET_CSV_NOTICE : PACKET_CSV_NOTICE_WITHOUT_CONTACTS);

/** Records before the first letter's in the packet CSV: the notice and the header row. */
export const PACKET_CSV_RECORDS_BEFORE_LETTERS = 2;
