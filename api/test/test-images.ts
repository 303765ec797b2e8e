/**
 * Real, tiny images built byte by byte for the upload tests (no fixtures on disk, no image
 * library): each is a complete, decodable file of its format.
 */
import zlib from 'node:zlib';

/** One PNG chunk: length, type, data and its CRC (exported for the damaged-PNG cases). */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 1x1 RGBA PNG; `padTo` adds a text chunk so the file is exactly that many bytes. */
export function png(opts: { padTo?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 5, 150, 105, 255]))),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  if (opts.padTo) {
    const used = parts.reduce((n, p) => n + p.length, 0) + end.length + 12;
    parts.push(pngChunk('tEXt', Buffer.alloc(opts.padTo - used, 'a')));
  }
  return Buffer.concat([...parts, end]);
}

/** A 1x1 grey baseline JPEG: one quantisation table, one-code Huffman tables, one block. */
export function jpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneCodeTable = (classAndId: number) => [classAndId, 1, ...new Array(15).fill(0), 0x00];
  return Buffer.from([
    0xff, 0xd8,
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCodeTable(0x00)),
    ...segment(0xc4, oneCodeTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC difference 0 (code 0), end of block (code 0), padded with ones.
    0x3f,
    0xff, 0xd9,
  ]);
}

/** A 1x1 GIF89a with a two-colour palette, ending with the 0x3B trailer. */
export const gif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A 1x1 lossy WebP (RIFF size equals the file length). */
export const webp = () => Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/**
 * A 1x1 GIF87a: gif() without its graphic control extension (an 89a addition), under the 87a
 * header. Older editors still write 87a.
 */
export function gif87a(): Buffer {
  const g = gif();
  return Buffer.concat([Buffer.from('GIF87a', 'latin1'), g.subarray(6, 19), g.subarray(27)]);
}

/** A 1x1 lossless WebP (a VP8L chunk of 13 bytes: odd, so followed by one byte of padding). */
export const webpLossless = () => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A 1x1 extended WebP: a VP8X header, an alpha (ALPH) chunk, then the VP8 image. */
export const webpExtended = () =>
  Buffer.from('UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==', 'base64');
