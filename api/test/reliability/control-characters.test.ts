/**
 * Every text parameter of every route refuses control characters, and every instant a range both
 * databases store. Not random like bad-input.test.ts: the served /api/openapi.json lists each
 * operation's path and query parameters and each request body's properties, the example requests
 * (test/openapi/examples.ts) give a valid value for each, and every one of them is sent again with
 * a control character in it, as the only thing wrong: a 400 in our error shape naming that field,
 * and nothing stored. Tab, line feed and carriage return are allowed only in the fields a person
 * writes paragraphs in (MULTI_LINE below); there they are accepted. Out-of-range instants (year 0,
 * 999, past 9999 once in UTC) are refused wherever an instant or a date is taken; the years 1000 and
 * 9999 go in and come back on both databases.
 */
import { beforeAll, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/contract';
import { OPERATIONS, REQUEST_SCHEMAS, type Operation } from '../../src/routes/openapi/operations';
import { describeEachDatabase, type TestServer } from '../harness';
import { EXAMPLES, type ExampleRequest, type Fixtures } from '../openapi/examples';
import { prepareTargets } from './bad-input';
import { storedStateChecksum } from './db-checksum';

/** C0 controls (NUL first: PostgreSQL cannot store it at all), DEL, and C1 controls. */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009b'];
const LINE_BREAKS = ['\t', '\n', '\r'];

/**
 * Where a person types paragraphs: these keep tab, line feed and carriage return (and every other
 * control is still refused). Everything else is one line. The setting letter_success_description
 * is multi-line too (by its key: see SETTING_CASES).
 */
const MULTI_LINE = new Set(['description', 'comment', 'personal_note', 'letter_content', 'talking_points']);

/** A valid value for each property or query parameter the examples leave out. */
const SAMPLE: Record<string, unknown> = {
  phone_number: '217-555-0100',
  altcha: 'not-checked-with-the-bot-check-off',
  website: '',
  decision_body: 'City Council',
  jurisdiction: 'Springfield',
  meeting_date: '2026-05-14',
  agenda_item_number: '7B',
  project_name: 'Main Street',
  category: 'Parks',
  widget_primary_color: '#059669',
  widget_secondary_color: '#047857',
  widget_background_color: '#f0fdf4',
  widget_text_color: '#1f2937',
  widget_tab_text_color: '#ffffff',
  widget_border_radius: '12px',
  logo_url: 'https://example.org/logo.png',
  delivery_recipients: ['clerk@example.org'],
  comment_deadline: '2099-06-09T17:00:00-07:00',
  time_zone: 'America/Chicago',
  delivery_mode: 'manual',
  language: 'en',
  position: 'support',
  position_options: 'none',
  email_domain: 'mailinator.com',
  description: 'A description that is long enough to pass.',
  talking_points: 'More homes near the new station.',
  personal_note: 'I walk this road every day.',
  // Query parameters.
  t: '1700000000000',
  actor: 'alice',
  q: 'ann',
  action: 'campaign.update',
  since: '2020-01-01T00:00:00Z',
  page: '1',
  pageSize: '10',
  campaign_id: '1',
  after: '1',
  before: '1',
  days: '7',
};
/** A property that cannot stand beside another one of the example's. */
const INSTEAD_OF: Record<string, string> = { email_domain: 'network' };

/** The settings take their value by key: one of each kind besides the example's true/false. */
const SETTING_CASES = [
  { key: 'letter_success_message', value: 'Thank you!', multiLine: false },
  { key: 'letter_success_description', value: 'Your letter is on its way.', multiLine: true },
  { key: 'widget_logo_url', value: 'https://example.org/logo.png', multiLine: false },
];

const INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const OUT_OF_RANGE_INSTANTS = ['0000-01-01T00:00:00Z', '0999-12-31T23:59:59Z', '1000-01-01T00:00:00+00:01', '9999-12-31T23:59:59-01:00', '10000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z'];
const OUT_OF_RANGE_DATES = ['0000-01-01', '0999-12-31', '10000-01-01'];

interface Sent {
  op: Operation;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  cookie?: string;
  /** What was changed, and the field the refusal must name. */
  what: string;
  field: string;
}

const label = (op: Operation) => `${op.method} ${op.path}`;

async function send(t: TestServer, s: Sent) {
  const url = new URL(t.url + s.op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(s.params[name] ?? '')));
  for (const [k, v] of Object.entries(s.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (s.cookie) headers.cookie = s.cookie;
  if (s.body) headers['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, { method: s.op.method, headers, body: s.body ? JSON.stringify(s.body) : undefined, redirect: 'manual' });
    text = await res.text();
  } catch (err) {
    // A reply cut off mid-stream (a download that failed after its first byte).
    return { status: 0, json: {} as Record<string, unknown>, text: `no complete reply: ${(err as Error).message}` };
  }
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    /* judged below */
  }
  return { status: res.status, json, text };
}

/** `value` with `c` inside it (not at an end, where trimming could hide it). */
const inject = (value: string, c: string) => (value.length < 2 ? `${value}${c}x` : `${value.slice(0, 1)}${c}${value.slice(1)}`);

/** The document's properties of a request body that take text (or a list of text). */
function textProperties(doc: Doc, name: string): { name: string; list: boolean }[] {
  type Prop = { name: string; list: boolean };
  const props = doc.components.schemas[name]?.properties ?? {};
  const takesText = (s: JsonSchema): boolean => s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string')) || (s.anyOf ?? []).some(takesText);
  return Object.entries(props).flatMap(([prop, s]): Prop[] => {
    if (takesText(s)) return [{ name: prop, list: false }];
    if (s.type === 'array' && s.items && takesText(s.items)) return [{ name: prop, list: true }];
    return [];
  });
}

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}
interface Doc {
  paths: Record<string, Record<string, { parameters?: { name: string; in: 'path' | 'query' }[] }>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface Base {
  op: Operation;
  req: ExampleRequest;
  multiLine: Set<string>;
}

/** Every request to send: each text value of each base request with each hostile value in it. */
function variants(doc: Doc, bases: Base[]): { refused: Sent[]; multiLine: Sent[]; missing: string[] } {
  const refused: Sent[] = [];
  const multiLine: Sent[] = [];
  const missing: string[] = [];
  let turn = 0;
  for (const { op, req, multiLine: lines } of bases) {
    const params = Object.fromEntries(Object.entries(req.params ?? {}).map(([k, v]) => [k, String(v)]));
    const query = { ...req.query };
    const body = req.body as Record<string, unknown> | undefined;
    const at = (what: string, field: string, change: Partial<Sent>): Sent => ({ op, params, query, body, cookie: req.cookie, what: `${label(op)} ${what}`, field, ...change });
    // NUL everywhere, and in turn one more control and (where a field is one line) one line break:
    // every character of both lists is tried on many fields, in a few seconds per database.
    const hostile = (value: string, multi: boolean) => {
      const chars = ['\u0000', CONTROLS[1 + (turn % (CONTROLS.length - 1))]!, ...(multi ? [] : [LINE_BREAKS[turn % LINE_BREAKS.length]!])];
      turn++;
      return chars.map((c) => ({ c, value: inject(value, c) }));
    };
    const outOfRange = (value: string) => (INSTANT.test(value) ? OUT_OF_RANGE_INSTANTS : DATE.test(value) ? OUT_OF_RANGE_DATES : []);

    for (const p of doc.paths[op.path]![op.method.toLowerCase()]!.parameters ?? []) {
      if (p.in === 'path') {
        for (const h of hostile(params[p.name]!, false)) refused.push(at(`path {${p.name}} with ${JSON.stringify(h.c)}`, p.name, { params: { ...params, [p.name]: h.value } }));
        continue;
      }
      const value = query[p.name] ?? (SAMPLE[p.name] as string | undefined);
      if (value === undefined) {
        missing.push(`${label(op)} ?${p.name}`);
        continue;
      }
      for (const h of hostile(value, false)) refused.push(at(`?${p.name} with ${JSON.stringify(h.c)}`, p.name, { query: { ...query, [p.name]: h.value } }));
      for (const v of outOfRange(value)) refused.push(at(`?${p.name}=${v}`, p.name, { query: { ...query, [p.name]: v } }));
    }

    if (!body || !op.body || op.multipart) continue;
    for (const prop of textProperties(doc, op.body)) {
      const given = body[prop.name] ?? SAMPLE[prop.name];
      const value = prop.list ? (given as string[] | undefined)?.[0] : (given as string | undefined);
      if (typeof value !== 'string') {
        missing.push(`${label(op)} body ${prop.name}`);
        continue;
      }
      const base = { ...body };
      if (INSTEAD_OF[prop.name]) delete base[INSTEAD_OF[prop.name]!];
      const put = (v: string) => ({ body: { ...base, [prop.name]: prop.list ? [v] : v } });
      const multi = lines.has(prop.name);
      for (const h of hostile(value, multi)) refused.push(at(`body ${prop.name} with ${JSON.stringify(h.c)}`, prop.name, put(h.value)));
      for (const v of outOfRange(value)) refused.push(at(`body ${prop.name}=${v}`, prop.name, put(v)));
      if (multi) for (const c of [...LINE_BREAKS, '\r\n']) multiLine.push(at(`body ${prop.name} with ${JSON.stringify(c)}`, prop.name, put(`${value.slice(0, 1)}${c}${value.slice(1)}`)));
    }
  }
  return { refused, multiLine, missing };
}

async function inPool<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

describeEachDatabase('control characters and out-of-range instants on every route', (t) => {
  let doc: Doc;
  let fx: Fixtures;
  beforeAll(async () => {
    doc = (await t.api('GET', '/api/openapi.json')).body as unknown as Doc;
    const admin = await t.adminCookie();
    const targets = await prepareTargets(t, admin);
    fx = { t, targets, admin, user: await t.userCookie(), campaignId: targets.campaignId };
  });

  it('refuses a control character in every path, query and body text, and an out-of-range instant, with a 400 naming the field; nothing is stored', { timeout: 120_000 }, async () => {
    const bases: Base[] = [];
    for (const op of OPERATIONS) {
      const example = EXAMPLES[label(op)];
      expect(example, `${label(op)} has no example request`).toBeDefined();
      bases.push({ op, req: await example!(fx), multiLine: MULTI_LINE });
      if (op.path === '/api/admin/settings/{key}') {
        for (const s of SETTING_CASES) {
          bases.push({ op, req: { cookie: fx.admin, params: { key: s.key }, body: { setting_value: s.value } }, multiLine: s.multiLine ? new Set(['setting_value']) : new Set() });
        }
      }
    }
    const { refused, multiLine, missing } = variants(doc, bases);
    expect(missing, 'text parameters without a value to start from: add one to SAMPLE').toEqual([]);
    // Each base body is valid, so the hostile value is the only thing wrong.
    for (const b of bases) {
      if (b.op.body && !b.op.multipart) expect(REQUEST_SCHEMAS[b.op.body].safeParse(b.req.body).success, `${label(b.op)} base body`).toBe(true);
    }
    expect(refused.length).toBeGreaterThan(500);

    const before = await storedStateChecksum(t.db, t.config.uploadDir);
    const replies = await inPool(refused, 8, (s) => send(t, s));
    const failures = refused.flatMap((s, i) => {
      const r = replies[i]!;
      const ok =
        r.status === 400 &&
        r.json.success === false &&
        typeof r.json.error === 'string' &&
        r.json.error.trim() !== '' &&
        r.json.code === 'validation_failed' &&
        ERROR_STATUS.validation_failed === 400 &&
        typeof r.json.field === 'string' &&
        (r.json.field === s.field || r.json.field.startsWith(`${s.field}.`));
      return ok ? [] : [{ status: r.status, line: `${s.what} -> ${r.status} ${r.text.slice(0, 160)}` }];
    });
    const byStatus = failures.reduce<Record<number, number>>((n, f) => ({ ...n, [f.status]: (n[f.status] ?? 0) + 1 }), {});
    // Server errors first: those are the ones a person can do nothing about.
    const shown = failures.sort((x, y) => y.status - x.status).slice(0, 40).map((f) => f.line);
    expect(shown, `${failures.length} of ${refused.length} were not refused as they should be (by status: ${JSON.stringify(byStatus)})`).toEqual([]);
    expect(await storedStateChecksum(t.db, t.config.uploadDir)).toBe(before);

    // Where a person writes paragraphs, line breaks and tabs are text, not refused.
    const accepted = await inPool(multiLine, 4, (s) => send(t, s));
    const refusedLines = multiLine.flatMap((s, i) => (accepted[i]!.status < 300 ? [] : [`${s.what} -> ${accepted[i]!.status} ${accepted[i]!.text.slice(0, 160)}`]));
    expect(refusedLines).toEqual([]);
    expect(multiLine.length).toBeGreaterThan(10);
  });

  it('stores and reads back the first and last instants and dates of the range on this database', async () => {
    const campaign = await t.campaign();
    for (const [deadline, meeting] of [
      ['9999-12-31T23:59:59Z', '9999-12-31'],
      ['9999-12-31T23:59:59.999+00:00', '1000-01-01'],
    ] as const) {
      const put = await t.api('PUT', `/api/admin/campaigns/${campaign.id}`, { cookie: fx.admin, body: { comment_deadline: deadline, meeting_date: meeting } });
      expect(put.status, put.text).toBe(200);
      const got = await t.api('GET', `/api/admin/campaigns/${campaign.id}`, { cookie: fx.admin });
      expect(new Date(got.body.data.comment_deadline).getTime()).toBe(new Date(deadline).getTime());
      expect(got.body.data.meeting_date).toBe(meeting);
    }
    // The range is in UTC: 1000-01-01T00:00-14:00 is 14:00 that day in UTC, inside it.
    for (const since of ['1000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1000-01-01T00:00:00-14:00']) {
      const csv = await t.api('GET', `/api/admin/campaigns/${campaign.id}/packet.csv?since=${encodeURIComponent(since)}`, { cookie: fx.admin });
      expect([since, csv.status]).toEqual([since, 200]);
    }
    const preview = await t.api('POST', `/api/admin/campaigns/${campaign.id}/quarantines/preview`, {
      cookie: fx.admin,
      body: { from: '1000-01-01T00:00:00Z', to: '9999-12-31T23:59:59Z', network: '198.51.100.0/24', reason: 'The widest range' },
    });
    expect(preview.status, preview.text).toBe(200);
  });
});
