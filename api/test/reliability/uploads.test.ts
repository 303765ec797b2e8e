import fs from 'node:fs';
import { expect, it } from 'vitest';
import { LOGO_MESSAGES } from '../../src/contract';
import { gif, gif87a, jpeg, png, pngChunk, webp, webpExtended, webpLossless } from '../test-images';
import { readSettings } from '../../src/services/settings';
import { describeEachDatabase, type TestServer } from '../harness';

/**
 * Hostile logos that api/src/routes/uploads/uploads.test.ts does not already send: polyglots of
 * the other formats, markup in disguise, and names and declared types that lie. The content
 * decides, never the name or the declared type.
 */

async function uploadLogo(t: TestServer, path: string, bytes: Uint8Array | string, filename: string, type: string, cookie: string) {
  const form = new FormData();
  form.append('logo', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(t.url + path, { method: 'POST', body: form, headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: { logo_url: string }; error?: string; code?: string } };
}

/** A GIF with a comment extension (0x21 0xFE) holding `text`, inserted before the trailer. */
function gifWithComment(text: string): Buffer {
  const base = gif();
  const data = Buffer.from(text, 'latin1');
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), ...blocks, Buffer.from([0x00])]);
  return Buffer.concat([base.subarray(0, base.length - 1), comment, base.subarray(base.length - 1)]);
}

/** A JPEG with a COM segment (0xFF 0xFE) holding `text` right after the SOI marker. */
function jpegWithComment(text: string): Buffer {
  const base = jpeg();
  const data = Buffer.from(text, 'latin1');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  return Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
}

const SCRIPT = '<script>window.__pwned=1</script>';

const refusals: { name: string; bytes: Uint8Array | string; filename: string; type: string; status: number; error: string | RegExp }[] = [
  {
    name: 'a GIF polyglot (a script in a comment block, trailer intact)',
    bytes: gifWithComment(SCRIPT),
    filename: 'logo.gif',
    type: 'image/gif',
    status: 415,
    error: /also contains web page or script code \("<script"\)/,
  },
  {
    name: 'a JPEG polyglot (an HTML page in a COM segment)',
    bytes: jpegWithComment(`<html><body>${SCRIPT}</body></html>`),
    filename: 'photo.jpg',
    type: 'image/jpeg',
    status: 415,
    error: /also contains web page or script code/,
  },
  {
    name: 'a PNG polyglot whose markup is in capitals (<SCRIPT>)',
    bytes: Buffer.concat([png(), Buffer.from('<SCRIPT>window.__pwned=1</SCRIPT>')]),
    filename: 'logo.png',
    type: 'image/png',
    status: 415,
    error: /also contains web page or script code \("<script"\)/,
  },
  {
    name: 'a PNG carrying PHP',
    bytes: Buffer.concat([png(), Buffer.from('<?php system($_GET["c"]); ?>')]),
    filename: 'logo.php.png',
    type: 'image/png',
    status: 415,
    error: /also contains web page or script code \("<\?php"\)/,
  },
  {
    name: 'an HTML page named logo.png.html',
    bytes: `<!doctype html><title>x</title>${SCRIPT}`,
    filename: 'logo.png.html',
    type: 'text/html',
    status: 415,
    error: LOGO_MESSAGES.unsupported,
  },
  {
    name: 'an SVG with an XML prolog, a byte order mark and an onload handler, declared as a PNG',
    bytes: '\ufeff<?xml version="1.0"?>\n<SVG xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>',
    filename: 'logo.png',
    type: 'image/png',
    status: 415,
    error: LOGO_MESSAGES.svg,
  },
  {
    name: 'an SVG whose <svg> tag comes after a 5 KB comment',
    bytes: `<?xml version="1.0"?><!--${'x'.repeat(5000)}--><svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned=1</script></svg>`,
    filename: 'logo.svg',
    type: 'image/svg+xml',
    status: 415,
    error: /^Logos must be PNG, JPEG, WebP or GIF images/,
  },
];


// The pieces of the valid test images, to rebuild them damaged.
const PNG_SIGNATURE = png().subarray(0, 8);
const PNG_IDAT = png().subarray(33, png().length - 12);
const PNG_IEND = pngChunk('IEND', new Uint8Array(0));
const pngOf = (...chunks: Uint8Array[]) => Buffer.concat([PNG_SIGNATURE, ...chunks]);

/** An IHDR chunk of a width x height RGBA image; `extra` bytes make it longer than the 13 it must be. */
function ihdr(width: number, height: number, extra = 0): Buffer {
  const data = Buffer.alloc(13 + extra);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 6, 0, 0, 0], 8);
  return pngChunk('IHDR', data);
}

/** A RIFF chunk, padded to an even length as RIFF requires. */
function riffChunk(type: string, data: Uint8Array | string): Buffer {
  const body = Buffer.from(data);
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
}

/** A WebP file of these chunks; `sizeError` makes the RIFF size lie by that many bytes. */
function riffWebp(chunks: Uint8Array[], sizeError = 0): Buffer {
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length + sizeError, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
const WEBP_VP8 = webp().subarray(12);

/** gif() with another logical screen size. */
function gifSized(width: number, height: number): Buffer {
  const g = Buffer.from(gif());
  g.writeUInt16LE(width, 6);
  g.writeUInt16LE(height, 8);
  return g;
}

/** Bytes that are no image, starting with `head` and ending like a JPEG does. */
const startingWith = (...head: number[]) => Buffer.concat([Buffer.from(head), Buffer.from('just some bytes'), Buffer.from([0xff, 0xd9])]);

/**
 * Files of a known format that are damaged, each refused with that format named, so the admin
 * knows to export the file again rather than look for another format.
 */
const damaged: { name: string; bytes: Buffer; format: 'PNG' | 'JPEG' | 'GIF' | 'WebP' }[] = [
  { name: 'a PNG signature and nothing else', bytes: PNG_SIGNATURE, format: 'PNG' },
  { name: 'a PNG cut inside its IHDR chunk', bytes: png().subarray(0, 22), format: 'PNG' },
  { name: 'a PNG cut at a chunk boundary, before IEND', bytes: pngOf(ihdr(1, 1), PNG_IDAT), format: 'PNG' },
  {
    name: 'a PNG whose first chunk is a 13-byte tEXt, IHDR second',
    bytes: pngOf(pngChunk('tEXt', Buffer.from('Title\0My logo', 'latin1')), ihdr(1, 1), PNG_IDAT, PNG_IEND),
    format: 'PNG',
  },
  { name: 'a PNG whose IHDR is 14 bytes long', bytes: pngOf(ihdr(1, 1, 1), PNG_IDAT, PNG_IEND), format: 'PNG' },
  { name: 'a 0x0 PNG', bytes: pngOf(ihdr(0, 0), PNG_IDAT, PNG_IEND), format: 'PNG' },
  { name: 'a 0x1 PNG', bytes: pngOf(ihdr(0, 1), PNG_IDAT, PNG_IEND), format: 'PNG' },
  { name: 'a 1x0 PNG', bytes: pngOf(ihdr(1, 0), PNG_IDAT, PNG_IEND), format: 'PNG' },
  { name: 'a PNG with bytes after IEND', bytes: Buffer.concat([png(), Buffer.from('trailing')]), format: 'PNG' },
  { name: 'a PNG whose IEND carries data', bytes: pngOf(ihdr(1, 1), PNG_IDAT, pngChunk('IEND', Buffer.from('data'))), format: 'PNG' },
  { name: 'a PNG with a chunk type that is not four letters', bytes: pngOf(ihdr(1, 1), pngChunk('ID4T', Buffer.from('x')), PNG_IDAT, PNG_IEND), format: 'PNG' },
  {
    name: 'a PNG with a chunk running past the end of the file',
    bytes: (() => {
      const idat = Buffer.from(PNG_IDAT);
      idat.writeUInt32BE(1000, 0);
      return pngOf(ihdr(1, 1), idat, PNG_IEND);
    })(),
    format: 'PNG',
  },
  { name: 'a JPEG of only its first three bytes', bytes: Buffer.from([0xff, 0xd8, 0xff]), format: 'JPEG' },
  { name: 'a JPEG cut short in its data', bytes: jpeg().subarray(0, 100), format: 'JPEG' },
  { name: 'a JPEG cut right after a marker', bytes: jpeg().subarray(0, jpeg().indexOf(Buffer.from([0xff, 0xc4])) + 2), format: 'JPEG' },
  { name: 'a JPEG whose end marker is damaged (00 D9)', bytes: Buffer.concat([jpeg().subarray(0, -2), Buffer.from([0x00, 0xd9])]), format: 'JPEG' },
  { name: 'a GIF header and nothing else', bytes: Buffer.from('GIF89a', 'latin1'), format: 'GIF' },
  { name: 'a GIF cut inside its screen descriptor, then a trailer', bytes: Buffer.concat([gif().subarray(0, 12), Buffer.from([0x3b])]), format: 'GIF' },
  { name: 'a GIF without its trailer', bytes: gif().subarray(0, -1), format: 'GIF' },
  { name: 'a 0x0 GIF', bytes: gifSized(0, 0), format: 'GIF' },
  { name: 'a 0x1 GIF', bytes: gifSized(0, 1), format: 'GIF' },
  { name: 'a 1x0 GIF', bytes: gifSized(1, 0), format: 'GIF' },
  { name: 'a WebP header and no chunk', bytes: riffWebp([]), format: 'WebP' },
  { name: 'a WebP whose RIFF size is 2 bytes too large', bytes: riffWebp([WEBP_VP8], 2), format: 'WebP' },
  { name: 'a WebP with bytes after its RIFF size', bytes: Buffer.concat([webp(), Buffer.from([0, 0])]), format: 'WebP' },
  { name: 'a WebP whose first chunk is not an image', bytes: riffWebp([riffChunk('EXIF', 'Exif\0\0'), WEBP_VP8]), format: 'WebP' },
  {
    name: 'a WebP whose odd-sized chunk lacks its padding byte',
    bytes: riffWebp([webpLossless().subarray(12, webpLossless().length - 1)]),
    format: 'WebP',
  },
  {
    name: 'a WebP whose image chunk runs past the end',
    bytes: (() => {
      const chunk = Buffer.from(WEBP_VP8);
      chunk.writeUInt32LE(chunk.readUInt32LE(4) + 2, 4);
      return riffWebp([chunk]);
    })(),
    format: 'WebP',
  },
];

/** Files that start almost like an image: not any format, whatever the rest of the bytes. */
const lookalikes: { name: string; bytes: Buffer }[] = [
  { name: 'bytes starting 00 D8 FF', bytes: startingWith(0x00, 0xd8, 0xff) },
  { name: 'bytes starting FF 00 FF', bytes: startingWith(0xff, 0x00, 0xff) },
  { name: 'bytes starting FF D8 00', bytes: startingWith(0xff, 0xd8, 0x00) },
  { name: 'a RIFF file of another kind (WAVE)', bytes: Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVE', 'latin1'), riffChunk('fmt ', Buffer.alloc(16)), riffChunk('data', Buffer.alloc(0))]) },
  { name: 'a big-endian RIFX file claiming WEBP', bytes: Buffer.concat([Buffer.from('RIFX', 'latin1'), riffWebp([WEBP_VP8]).subarray(4)]) },
];

/** Each markup marker, in a structurally valid image of each format in turn, in mixed letter case. */
const carriers: ((markup: string) => Buffer)[] = [
  (markup) => pngOf(ihdr(1, 1), PNG_IDAT, pngChunk('tEXt', Buffer.from(`Comment\0${markup}`, 'latin1')), PNG_IEND),
  (markup) => jpegWithComment(markup),
  (markup) => gifWithComment(markup),
  (markup) => riffWebp([WEBP_VP8, riffChunk('XMP ', markup)]),
];
const polyglots = ['<SCRIPT', '<Html', '<sVg', '<?PHP', '<IFrame', '<BODY', '<Object', '<eMbEd', '<!DOCTYPE'].map((variant, i) => ({
  variant,
  bytes: carriers[i % carriers.length]!(`${variant} data-x="1">`),
}));

/** Valid images in the variants the basic test images do not cover. */
const accepted: { name: string; bytes: Buffer; ext: string; type: string }[] = [
  { name: 'a GIF87a', bytes: gif87a(), ext: 'gif', type: 'image/gif' },
  { name: 'a lossless WebP (VP8L, an odd-sized chunk padded)', bytes: webpLossless(), ext: 'webp', type: 'image/webp' },
  { name: 'an extended WebP (VP8X with alpha)', bytes: webpExtended(), ext: 'webp', type: 'image/webp' },
  { name: 'a WebP ending with an empty chunk', bytes: riffWebp([WEBP_VP8, riffChunk('EXIF', '')]), ext: 'webp', type: 'image/webp' },
];

describeEachDatabase('hostile logo uploads', (t) => {
  const stored = () => fs.readdirSync(t.config.uploadDir).sort();

  for (const r of refusals) {
    it(`refuses ${r.name}, storing nothing and changing nothing`, async () => {
      const admin = await t.adminCookie();
      const campaign = await t.campaign({ logo_url: 'https://example.org/old-logo.png' });
      const before = stored();
      const settingBefore = (await readSettings(t.db)).widget_logo_url;
      for (const path of [`/api/admin/campaigns/${campaign.id}/upload-logo`, '/api/admin/upload-logo']) {
        const res = await uploadLogo(t, path, r.bytes, r.filename, r.type, admin);
        expect(res.status, JSON.stringify(res.body)).toBe(r.status);
        expect(res.body).toMatchObject({ success: false, code: 'unsupported_media_type' });
        if (typeof r.error === 'string') expect(res.body.error).toBe(r.error);
        else expect(res.body.error).toMatch(r.error);
      }
      const row = await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id: campaign.id });
      expect(row.logo_url).toBe('https://example.org/old-logo.png');
      expect((await readSettings(t.db)).widget_logo_url).toBe(settingBefore);
      expect(stored()).toEqual(before);
    });
  }

  /** Uploads `bytes` as the widget logo and expects a 415 with `error`, nothing stored, the setting unchanged. */
  async function expectRefused(bytes: Buffer, error: string) {
    const before = stored();
    const settingBefore = (await readSettings(t.db)).widget_logo_url;
    const res = await uploadLogo(t, '/api/admin/upload-logo', bytes, 'logo.img', 'application/octet-stream', await t.adminCookie());
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'unsupported_media_type', error });
    expect(stored()).toEqual(before);
    expect((await readSettings(t.db)).widget_logo_url).toBe(settingBefore);
  }

  for (const d of damaged) {
    it(`refuses ${d.name} as a damaged ${d.format}`, async () => {
      await expectRefused(d.bytes, `This ${d.format} file is damaged or incomplete; export it again and upload the new copy`);
    });
  }

  for (const l of lookalikes) {
    it(`refuses ${l.name} as no image format`, async () => {
      await expectRefused(l.bytes, LOGO_MESSAGES.unsupported);
    });
  }

  for (const p of polyglots) {
    it(`refuses an image carrying "${p.variant}", naming the marker`, async () => {
      await expectRefused(
        p.bytes,
        `This image also contains web page or script code ("${p.variant.toLowerCase()}"), so it is refused; ` +
          'export it again from an image editor and upload that copy',
      );
    });
  }

  for (const a of accepted) {
    it(`stores ${a.name} and serves it as ${a.type}`, async () => {
      const res = await uploadLogo(t, '/api/admin/upload-logo', a.bytes, 'logo.img', 'application/octet-stream', await t.adminCookie());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const url = res.body.data!.logo_url;
      expect(url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${a.ext}$`));
      expect((await readSettings(t.db)).widget_logo_url).toBe(url);
      const file = await fetch(t.url + url);
      expect(file.headers.get('content-type')).toBe(a.type);
      expect(Buffer.from(await file.arrayBuffer()).equals(a.bytes)).toBe(true);
    });
  }

  it('stores a real PNG declared as image/svg+xml and named logo.png.html as a .png served as image/png', async () => {
    const admin = await t.adminCookie();
    const campaign = await t.campaign();
    const res = await uploadLogo(t, `/api/admin/campaigns/${campaign.id}/upload-logo`, png(), 'logo.png.html', 'image/svg+xml', admin);
    // The declared type and the name are ignored: the bytes are a PNG, so a PNG is what is served.
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url = res.body.data!.logo_url;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const file = await fetch(t.url + url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);
  });
});
