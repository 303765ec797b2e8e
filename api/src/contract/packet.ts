import { z } from 'zod';
import { isoInstant } from './instant';

/** ?since= on the hearing packet downloads: only letters submitted after that instant. */
export const packetQuerySchema = z.object({
  since: isoInstant('since').optional().describe('Only the letters submitted after this instant: ISO 8601 with its UTC offset, like 2026-03-01T17:00:00-08:00'),
});

export type PacketQuery = z.infer<typeof packetQuerySchema>;

/**
 * The reply header that gives a packet download's letter count before its first byte, so the
 * admin's page can show "letter n of N" as the file arrives (the PDF marks each letter as it is
 * written; the CSV has one record per letter).
 */
export const PACKET_LETTERS_HEADER = 'Packet-Letters';

/** The PDF's progress mark, one per letter: "%dais-letter 17 of 10000" (a PDF comment, skipped by every reader). */
export const PACKET_PROGRESS_MARK = '%dais-letter';
