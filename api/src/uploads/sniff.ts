import type { LogoExtension } from '../contract';

export type SniffResult =
  | { ok: true; extension: LogoExtension }
  | { ok: false; reason: 'unrecognised' | 'svg' }
  | { ok: false; reason: 'damaged'; format: string }
  | { ok: false; reason: 'markup'; marker: string };

/**
 * Markup that makes an "image" a polyglot: a file a browser or a PHP server could also read as a
 * page or a script. Uploads are served with nosniff and a sandboxing CSP, so such a file could not
 * run from our origin anyway; refusing it keeps it off every other server the logo is copied to.
 * Each marker is long enough that compressed pixel data almost never contains it by chance.
 */
const MARKUP_MARKERS = ['<script', '<html', '<svg', '<?php', '<iframe', '<body', '<object', '<embed', '<!doctype'];

/** Recognises PNG, JPEG, WebP and GIF by content: magic bytes plus a basic structural check. */
export function sniffImage(bytes: Uint8Array): SniffResult {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = detectFormat(b);
  if (!format) return looksLikeSvg(b) ? { ok: false, reason: 'svg' } : { ok: false, reason: 'unrecognised' };
  const marker = findMarkup(b);
  if (marker) return { ok: false, reason: 'markup', marker };
  if (!STRUCTURE_CHECKS[format](b)) return { ok: false, reason: 'damaged', format: FORMAT_NAMES[format] };
  return { ok: true, extension: format };
}

const FORMAT_NAMES: Record<LogoExtension, string> = { png: 'PNG', jpg: 'JPEG', webp: 'WebP', gif: 'GIF' };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function detectFormat(b: Buffer): LogoExtension | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

const STRUCTURE_CHECKS: Record<LogoExtension, (b: Buffer) => boolean> = {
  png: pngIsWhole,
  jpg: (b) => b.length >= 4 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9,
  webp: webpIsWhole,
  // Header, a logical screen of at least 1x1, and the trailer byte.
  gif: (b) => b.length >= 14 && b.readUInt16LE(6) > 0 && b.readUInt16LE(8) > 0 && b[b.length - 1] === 0x3b,
};

/** IHDR first (13 bytes, non-zero size), every chunk inside the file, IEND exactly at the end. */
function pngIsWhole(b: Buffer): boolean {
  let offset = 8;
  let first = true;
  while (offset + 12 <= b.length) {
    const length = b.readUInt32BE(offset);
    const type = ascii(b, offset + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    const next = offset + 12 + length;
    if (next > b.length) return false;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return false;
      if (b.readUInt32BE(offset + 8) === 0 || b.readUInt32BE(offset + 12) === 0) return false;
      first = false;
    }
    if (type === 'IEND') return length === 0 && next === b.length;
    offset = next;
  }
  return false;
}

/** RIFF size equals the file length and the chunks tile the rest, starting with an image chunk. */
function webpIsWhole(b: Buffer): boolean {
  if (b.readUInt32LE(4) + 8 !== b.length || b.length < 20) return false;
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 4))) return false;
  let offset = 12;
  while (offset + 8 <= b.length) {
    const size = b.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return offset === b.length;
}

function findMarkup(b: Buffer): string | null {
  // latin1 maps every byte to one character, so indexes match and nothing is lost in decoding.
  const text = b.toString('latin1').toLowerCase();
  return MARKUP_MARKERS.find((m) => text.includes(m)) ?? null;
}

function looksLikeSvg(b: Buffer): boolean {
  const head = b.subarray(0, 4096).toString('utf8').toLowerCase();
  return head.includes('<svg');
}

const ascii = (b: Buffer, start: number, length: number) => b.toString('latin1', start, start + length);
