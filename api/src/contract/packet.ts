import { z } from 'zod';
import { isoInstant } from './instant';

/** ?since= on the hearing packet downloads: only letters submitted after that instant. */
export const packetQuerySchema = z.object({
  since: isoInstant('since').optional().describe('Only the letters submitted after this instant: ISO 8601 with its UTC offset, like 2026-03-01T17:00:00-08:00'),
});

export type PacketQuery = z.infer<typeof packetQuerySchema>;

export * from './packet-text';
