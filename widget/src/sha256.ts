/**
 * SHA-256 (FIPS 180-4) of short byte strings, synchronous, for the bot check's solver. Web Crypto's
 * digest is no use there: Chromium computes it on the calling thread and resolves it at once, so
 * a loop of them never yields (one task of seconds), and each costs some 80 µs where this costs a
 * few. Words out, big-endian, as the hex digest reads.
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const w = new Uint32Array(64);
const h = new Uint32Array(8);

/**
 * The digest of `message[0..length)` into `out` (8 words). `message` must have room for the
 * padding: paddedSize(length) bytes (length + 9, rounded up to 64); its bytes past `length` are
 * overwritten.
 */
export function sha256Into(message: Uint8Array, length: number, out: Uint32Array): void {
  const size = paddedSize(length);
  // A typed array drops writes past its end: a short buffer would give a wrong digest, not an error.
  if (message.length < size) throw new RangeError(`sha256Into needs ${size} bytes of room for ${length}`);
  message[length] = 0x80;
  message.fill(0, length + 1, size);
  const bits = length * 8;
  // Lengths here stay far below 2^32 bits: the top four bytes of the 64-bit length stay 0.
  message[size - 4] = bits >>> 24;
  message[size - 3] = bits >>> 16;
  message[size - 2] = bits >>> 8;
  message[size - 1] = bits;
  h.set(INITIAL);
  for (let o = 0; o < size; o += 64) {
    for (let i = 0; i < 16; i++) {
      const j = o + i * 4;
      w[i] = (message[j]! << 24) | (message[j + 1]! << 16) | (message[j + 2]! << 8) | message[j + 3]!;
    }
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (s0 + w[i - 16]! + s1 + w[i - 7]!) | 0;
    }
    let a = h[0]!,
      b = h[1]!,
      c = h[2]!,
      d = h[3]!,
      e = h[4]!,
      f = h[5]!,
      g = h[6]!,
      k = h[7]!;
    for (let i = 0; i < 64; i++) {
      const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const t1 = (k + s1 + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      k = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + k;
  }
  out.set(h);
}

/** The bytes a message of `length` bytes takes once padded: whole 64-byte blocks. */
export const paddedSize = (length: number) => (((length + 8) >> 6) + 1) * 64;

/** The lower-case hex digest of a string's UTF-8 bytes (for tests and one-off use). */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const message = new Uint8Array(paddedSize(bytes.length));
  message.set(bytes);
  const out = new Uint32Array(8);
  sha256Into(message, bytes.length, out);
  return Array.from(out, (x) => x.toString(16).padStart(8, '0')).join('');
}
