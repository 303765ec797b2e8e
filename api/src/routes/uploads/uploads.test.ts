import fs from 'node:fs';
import http from 'node:http';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { LIMITS, LOGO_MESSAGES, logoUrl } from '../../contract';
import { readSettings } from '../../services/settings';
import { gif, jpeg, png, webp } from '../../../test/test-images';

interface Part {
  field: string;
  bytes: Uint8Array | string;
  filename?: string;
  type?: string;
}

/** A multipart POST as the admin's file input sends it (fetch builds the boundary). */
async function upload(t: TestServer, path: string, parts: Part[], opts: { cookie?: string; origin?: string } = {}) {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename === undefined) form.append(p.field, String(p.bytes));
    else {
      const content = typeof p.bytes === 'string' ? p.bytes : new Uint8Array(p.bytes);
      form.append(p.field, new Blob([content], { type: p.type ?? 'application/octet-stream' }), p.filename);
    }
  }
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  const res = await fetch(t.url + path, { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as { success: boolean; data?: any; error?: string; code?: string } };
}

const logo = (bytes: Uint8Array | string, filename = 'logo.png', type = 'image/png'): Part => ({
  field: 'logo',
  bytes,
  filename,
  type,
});

/** GET with the path sent exactly as written: fetch() would normalise '..' away before sending. */
function rawGet(base: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + '/', { path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase('logo uploads', (t) => {
  const stored = () => fs.readdirSync(t.config.uploadDir).sort();
  const logoOf = async (id: number) =>
    (await t.db.ds.getRepository(t.db.entities.Campaign).findOneByOrFail({ id })).logo_url;

  it('stores PNG, JPEG, GIF and WebP by content and serves each back with its type and safe headers', async () => {
    const admin = await t.adminCookie();
    const cases = [
      { bytes: png(), ext: 'png', type: 'image/png' },
      // Declared name and type are ignored: the content decides.
      { bytes: jpeg(), ext: 'jpg', type: 'image/jpeg', filename: 'photo.png' },
      { bytes: gif(), ext: 'gif', type: 'image/gif' },
      { bytes: webp(), ext: 'webp', type: 'image/webp', filename: 'logo' },
    ];
    for (const c of cases) {
      const campaign = await t.campaign();
      // Read once by a widget first: the public copy held in memory must show the new logo too.
      await t.api('GET', `/api/campaigns/${campaign.id}`);
      const res = await upload(t, `/api/admin/campaigns/${campaign.id}/upload-logo`, [
        logo(c.bytes, c.filename ?? `logo.${c.ext}`, 'application/octet-stream'),
      ], { cookie: admin });
      expect(res.status, res.body.error).toBe(200);
      expect(res.body.success).toBe(true);
      const url: string = res.body.data.logo_url;
      expect(url).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${c.ext}$`));
      expect(logoUrl.safeParse(url).success).toBe(true);
      expect(await logoOf(campaign.id)).toBe(url);
      expect((await t.api('GET', `/api/campaigns/${campaign.id}`)).body.data.logo_url).toBe(url);

      const file = await fetch(t.url + url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(c.type);
      expect(Buffer.from(await file.arrayBuffer()).equals(c.bytes)).toBe(true);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('accepts an image of exactly 2 MB and answers HEAD with its length', async () => {
    const campaign = await t.campaign();
    const big = png({ padTo: LIMITS.logoBytes });
    expect(big.length).toBe(LIMITS.logoBytes);
    const res = await upload(t, `/api/admin/campaigns/${campaign.id}/upload-logo`, [logo(big)], {
      cookie: await t.adminCookie(),
    });
    expect(res.status, res.body.error).toBe(200);
    const head = await fetch(t.url + res.body.data.logo_url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(LIMITS.logoBytes));
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it('sets the global widget logo setting', async () => {
    const res = await upload(t, '/api/admin/upload-logo', [logo(gif(), 'logo.gif', 'image/gif')], {
      cookie: await t.adminCookie(),
    });
    expect(res.status, res.body.error).toBe(200);
    expect(res.body.data.logo_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.gif$/);
    expect((await readSettings(t.db)).widget_logo_url).toBe(res.body.data.logo_url);
    expect((await fetch(t.url + res.body.data.logo_url)).status).toBe(200);
  });

  const refusals: { name: string; parts: Part[]; status: number; code: string; error: string | RegExp }[] = [
    {
      name: 'an SVG carrying a script',
      parts: [logo('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml')],
      status: 415,
      code: 'unsupported_media_type',
      error: LOGO_MESSAGES.svg,
    },
    {
      name: 'an HTML page renamed .png',
      parts: [logo('<!doctype html><html><body><script>alert(1)</script></body></html>', 'logo.png', 'image/png')],
      status: 415,
      code: 'unsupported_media_type',
      error: LOGO_MESSAGES.unsupported,
    },
    {
      name: 'a PNG with a script appended (a polyglot)',
      parts: [logo(Buffer.concat([png(), Buffer.from('<script>alert(document.cookie)</script>')]))],
      status: 415,
      code: 'unsupported_media_type',
      error: /also contains web page or script code \("<script"\)/,
    },
    {
      name: 'a PNG cut short',
      parts: [logo(png().subarray(0, 50))],
      status: 415,
      code: 'unsupported_media_type',
      error: /This PNG file is damaged or incomplete/,
    },
    {
      name: 'a text file',
      parts: [logo('Our logo is a green tree.', 'logo.txt', 'text/plain')],
      status: 415,
      code: 'unsupported_media_type',
      error: LOGO_MESSAGES.unsupported,
    },
    {
      name: 'an empty file',
      parts: [logo(new Uint8Array(0))],
      status: 400,
      code: 'validation_failed',
      error: LOGO_MESSAGES.empty,
    },
    {
      name: '2 MB and one byte',
      parts: [logo(png({ padTo: LIMITS.logoBytes + 1 }))],
      status: 413,
      code: 'payload_too_large',
      error: LOGO_MESSAGES.tooLarge,
    },
    {
      name: 'a form without the logo field',
      parts: [{ field: 'note', bytes: 'no file here' }],
      status: 400,
      code: 'validation_failed',
      error: 'Choose an image file to upload (field "logo")',
    },
    {
      name: 'two files',
      parts: [logo(png()), logo(gif(), 'second.gif', 'image/gif')],
      status: 400,
      code: 'validation_failed',
      error: LOGO_MESSAGES.oneFileOnly,
    },
    {
      name: 'the image under another field name',
      parts: [{ field: 'image', bytes: png(), filename: 'logo.png', type: 'image/png' }],
      status: 400,
      code: 'validation_failed',
      error: 'Choose an image file to upload (field "logo")',
    },
  ];

  for (const r of refusals) {
    it(`refuses ${r.name}, storing nothing and changing nothing`, async () => {
      const admin = await t.adminCookie();
      const campaign = await t.campaign({ logo_url: 'https://example.org/old-logo.png' });
      const before = stored();
      const settingBefore = (await readSettings(t.db)).widget_logo_url;
      for (const path of [`/api/admin/campaigns/${campaign.id}/upload-logo`, '/api/admin/upload-logo']) {
        const res = await upload(t, path, r.parts, { cookie: admin });
        expect(res.status).toBe(r.status);
        expect(res.body).toMatchObject({ success: false, code: r.code });
        if (typeof r.error === 'string') expect(res.body.error).toBe(r.error);
        else expect(res.body.error).toMatch(r.error);
      }
      expect(await logoOf(campaign.id)).toBe('https://example.org/old-logo.png');
      expect((await readSettings(t.db)).widget_logo_url).toBe(settingBefore);
      expect(stored()).toEqual(before);
    });
  }

  it('refuses a JSON body and a logo sent from another site', async () => {
    const admin = await t.adminCookie();
    const campaign = await t.campaign();
    const json = await t.api('POST', `/api/admin/campaigns/${campaign.id}/upload-logo`, {
      body: { logo: 'iVBORw0KGgo=' },
      cookie: admin,
    });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe(LOGO_MESSAGES.notMultipart);
    const cross = await upload(t, '/api/admin/upload-logo', [logo(png())], { cookie: admin, origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.body.code).toBe('cross_origin_refused');
    expect(await logoOf(campaign.id)).toBeNull();
  });

  it('refuses a part in a transfer encoding the server does not read, with a message, not a 500', async () => {
    const cookie = await t.adminCookie();
    const body = [
      '--x',
      'Content-Disposition: form-data; name="logo"; filename="logo.png"',
      'Content-Type: image/png',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '=89PNG',
      '--x--',
      '',
    ].join('\r\n');
    const res = await fetch(`${t.url}/api/admin/upload-logo`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'The upload could not be read as multipart/form-data; please try again' });
  });

  it('answers a declared body far over the limit at once, without reading it', async () => {
    const cookie = await t.adminCookie();
    // The request announces 10 MB but sends only its first bytes: the answer must not wait for the rest.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${t.url}/api/admin/upload-logo`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', error: LOGO_MESSAGES.tooLarge });
  });

  it('requires a signed-in admin (401, 403) and an existing campaign (404)', async () => {
    const campaign = await t.campaign();
    const before = stored();
    for (const path of [`/api/admin/campaigns/${campaign.id}/upload-logo`, '/api/admin/upload-logo']) {
      const anonymous = await upload(t, path, [logo(png())]);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('unauthenticated');
      const user = await upload(t, path, [logo(png())], { cookie: await t.userCookie() });
      expect(user.status).toBe(403);
      expect(user.body.code).toBe('forbidden');
    }
    const admin = await t.adminCookie();
    const missing = await upload(t, '/api/admin/campaigns/999999/upload-logo', [logo(png())], { cookie: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
    const malformed = await upload(t, '/api/admin/campaigns/abc/upload-logo', [logo(png())], { cookie: admin });
    expect(malformed.status).toBe(400);
    expect(await logoOf(campaign.id)).toBeNull();
    expect(stored()).toEqual(before);
  });

  it('serves only names it made: other names and traversal attempts are 404', async () => {
    const res = await upload(t, '/api/admin/upload-logo', [logo(png())], { cookie: await t.adminCookie() });
    const name: string = res.body.data.logo_url.slice('/uploads/'.length);
    fs.writeFileSync(`${t.config.uploadDir}/notes.txt`, 'not an upload');
    const attempts = [
      `/uploads/${name.toUpperCase()}`,
      `/uploads/${name.replace('.png', '.svg')}`,
      `/uploads/${name}/`,
      `/uploads/${name}.png`,
      '/uploads/notes.txt',
      '/uploads/',
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      `/uploads/..%2f${name}`,
      `/uploads//${name}`,
    ];
    for (const p of attempts) expect(await rawGet(t.url, p), p).toBe(404);
    expect(await rawGet(t.url, `/uploads/${name}`)).toBe(200);
  });
});
