import fs from 'node:fs';
import { expect, it } from 'vitest';
import { LOGO_MESSAGES } from '../../src/contract';
import { gif, jpeg, png } from '../test-images';
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
