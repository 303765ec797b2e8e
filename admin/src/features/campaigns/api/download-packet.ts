import { PACKET_LETTERS_HEADER } from '@dais/api/contract';
import { ApiError, failureOf, NETWORK_ERROR_MESSAGE, query } from '../../../lib/api';
import { filenameOf, progressCounter, type PacketKind } from '../utils/packet-progress';

export interface PacketProgress {
  done: number;
  /** From the reply's Packet-Letters header; null until it has come. */
  total: number | null;
}

export interface DownloadedPacket {
  file: Blob;
  filename: string;
  letters: number;
}

/**
 * GET /api/admin/campaigns/{id}/packet.pdf|csv, read as a stream so the page can show "letter n
 * of N" while the server is still making a large packet (the letter count comes first, in a
 * header; see utils/packet-progress.ts for how letters are counted in the bytes). A refusal (a bad
 * `since`, a lost session) is the server's JSON error; aborting `signal` stops the server too.
 */
export async function downloadPacket(
  campaignId: number,
  kind: PacketKind,
  since: string | null,
  onProgress: (p: PacketProgress) => void,
  signal: AbortSignal,
): Promise<DownloadedPacket> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/campaigns/${campaignId}/packet.${kind}${query({ since })}`, { credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    throw failureOf(response.status, body);
  }
  const header = response.headers.get(PACKET_LETTERS_HEADER);
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const counter = progressCounter(kind);
  const parts: Uint8Array[] = [];
  let done = 0;
  onProgress({ done, total });
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parts.push(chunk.value);
      done = counter.push(chunk.value);
      onProgress({ done, total });
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The server cuts the connection when it cannot finish (its database went away mid-file).
    throw new ApiError(0, 'network_error', 'The download stopped before the packet was complete. Please try again.');
  }
  return {
    file: new Blob(parts as BlobPart[], { type: kind === 'pdf' ? 'application/pdf' : 'text/csv' }),
    filename: filenameOf(response.headers.get('content-disposition'), `hearing-packet.${kind}`),
    letters: done,
  };
}
