/**
 * One example request per operation in the OpenAPI registry, each one the server must answer with
 * the operation's documented success. The conformance test derives every refusal from these
 * (no session, unknown ids, bad bodies, another site, a disabled campaign, a rate limit), so a new
 * operation needs only its entry here.
 */
import crypto from 'node:crypto';
import { mintLoginCode } from '../../src/auth/login-codes';
import { confirmationSettings } from '../../src/confirmations/setup';
import { linkToken } from '../../src/confirmations/tokens';
import { queueMail } from '../../src/mail/outbox';
import type { TestServer } from '../harness';
import { validBodies, type Targets } from '../reliability/malformed';
import { png } from '../test-images';

export interface ExampleRequest {
  /** Values for the path's {params}; the test swaps them for unknown or malformed ones. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart form; build it fresh per request (a FormData's blobs are read once). */
  form?: () => FormData;
  cookie?: string;
}

export interface Fixtures {
  t: TestServer;
  targets: Targets;
  admin: string;
  user: string;
  /** The campaign the public actions are for: normally targets.campaignId, a disabled one for 409. */
  campaignId: number;
}

type Example = (fx: Fixtures) => ExampleRequest | Promise<ExampleRequest>;

let seq = 0;
const unique = () => `${process.pid}-${++seq}`;
const bodies = (fx: Fixtures) => validBodies({ ...fx.targets, campaignId: fx.campaignId });

/** The multipart form the admin console's file input sends: one PNG in the field `logo`. */
export const logoForm = (bytes: Uint8Array = png(), type = 'image/png', filename = 'logo.png') => () => {
  const form = new FormData();
  form.append('logo', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
};

/** A fresh invitation's admin id. */
async function invited(fx: Fixtures): Promise<number> {
  const res = await fx.t.api('POST', '/api/admin/admins', { cookie: fx.admin, body: { email: `invited-${unique()}@example.org`, role: 'viewer' } });
  return Number(res.body.data?.id);
}

/** A one-time sign-in code and its browser binding, as the OAuth callback would hand them out. */
async function signInCode(t: TestServer): Promise<ExampleRequest> {
  const user = await t.db.ds.getRepository(t.db.entities.User).save({
    email: `conformance-${unique()}@example.org`,
    google_sub: crypto.randomUUID(),
    name: 'Conformance Test',
    picture: null,
  });
  const code = await t.db.transaction((m) => mintLoginCode(m, t.db, user.id));
  const binding = crypto.createHmac('sha256', t.config.sessionSecret).update(code).digest('base64url');
  return { body: { code }, cookie: `dais_login=${binding}` };
}

/** The two links of a confirmation e-mail for a fresh pending signature, as its writer would get them. */
async function mailedTokens(t: TestServer): Promise<{ confirm: string; remove: string }> {
  const campaign = await t.campaign({ require_confirmation: true });
  const email = `conformance-${unique()}@example.org`;
  await t.db.ds.getRepository(t.db.entities.Supporter).insert({
    campaign_id: campaign.id, name: 'Conformance Test', email, is_public: true, street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62704', status: 'pending', confirm_mails: 1,
  });
  const mail = await t.db.transaction(async (m) => {
    const queued = await queueMail(m, { to: [email], subject: 'Please confirm your signature', text: 'Links.' });
    await m.getRepository(t.db.entities.SupporterMail).insert({
      campaign_id: campaign.id, email, kind: 'confirm', expires_at: new Date(Date.now() + 86_400_000), confirmed_at: null, removed_at: null, outbox_id: queued.id,
    });
    return queued;
  });
  // The links the mail worker would write into it as it sends it.
  const { linkKey } = confirmationSettings(t.db.ds);
  return { confirm: linkToken(linkKey, 'confirm', mail.id, mail.message_id), remove: linkToken(linkKey, 'remove', mail.id, mail.message_id) };
}

/** A fresh boundary set's id, uploaded as the console would. */
async function boundarySet(fx: Fixtures): Promise<number> {
  const res = await fx.t.api('POST', '/api/admin/boundary-sets', { cookie: fx.admin, body: bodies(fx).BoundarySetCreate });
  return Number(res.body.data?.id);
}

/** By "METHOD /api/path" exactly as in routes/openapi/operations.ts. */
export const EXAMPLES: Record<string, Example> = {
  'GET /api/oauth/google/redirect_url': () => ({}),
  'POST /api/sessions': (fx) => signInCode(fx.t),
  'GET /api/users/me': (fx) => ({ cookie: fx.user }),
  // Signed out: a cookie here would end the session the other examples use.
  'GET /api/logout': () => ({}),

  'GET /api/campaigns': () => ({}),
  'GET /api/campaigns/{id}': (fx) => ({ params: { id: fx.campaignId }, query: { t: String(Date.now()) } }),
  'GET /api/campaigns/{id}/message-points': (fx) => ({ params: { id: fx.campaignId } }),
  'GET /api/campaigns/{id}/recent-supporters': (fx) => ({ params: { id: fx.campaignId } }),
  'POST /api/campaigns/{id}/support': (fx) => ({
    params: { id: fx.campaignId },
    body: { ...bodies(fx).SignatureCreate, email: `signer-${unique()}@example.org` },
  }),
  'POST /api/campaigns/{id}/generate-letter': (fx) => ({ params: { id: fx.campaignId }, body: bodies(fx).LetterGenerate }),
  'POST /api/campaigns/{campaign_id}/submit-letter': (fx) => ({ params: { campaign_id: fx.campaignId }, body: bodies(fx).LetterSubmit }),
  'GET /api/challenge': () => ({}),
  'POST /api/confirmations/{token}': async (fx) => ({ params: { token: (await mailedTokens(fx.t)).confirm } }),
  'POST /api/removals/{token}': async (fx) => ({ params: { token: (await mailedTokens(fx.t)).remove } }),
  'GET /api/settings/widget': () => ({}),
  'GET /api/settings/letter-success': () => ({}),
  'GET /api/openapi.json': () => ({}),
  'GET /api/health': () => ({}),

  'GET /api/admin/dashboard': (fx) => ({ cookie: fx.admin }),
  'GET /api/admin/activity': (fx) => ({ cookie: fx.admin, query: { days: '7' } }),
  'GET /api/admin/mail': (fx) => ({ cookie: fx.admin }),
  'GET /api/admin/campaigns': (fx) => ({ cookie: fx.admin }),
  'POST /api/admin/campaigns': (fx) => ({ cookie: fx.admin, body: bodies(fx).CampaignCreate }),
  'GET /api/admin/campaigns/{id}': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId } }),
  'PUT /api/admin/campaigns/{id}': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, body: bodies(fx).CampaignUpdate }),
  'GET /api/admin/campaigns/{id}/deliveries': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, query: { pageSize: '10' } }),
  // The campaign gets a recipient first (it has a letter): a packet needs both.
  'POST /api/admin/campaigns/{id}/deliveries': async (fx) => {
    await fx.t.db.ds.getRepository(fx.t.db.entities.Campaign).update({ id: fx.targets.campaignId }, { delivery_recipients: ['clerk@example.org'] });
    return { cookie: fx.admin, params: { id: fx.targets.campaignId }, body: bodies(fx).DeliveryCreate };
  },
  'POST /api/admin/campaigns/{id}/upload-logo': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, form: logoForm() }),
  'POST /api/admin/upload-logo': (fx) => ({ cookie: fx.admin, form: logoForm() }),
  'GET /api/admin/campaigns/{id}/packet.pdf': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, query: { since: '2020-01-01T00:00:00-08:00' } }),
  'GET /api/admin/campaigns/{id}/packet.csv': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, query: { since: '2020-01-01T00:00:00Z' } }),
  'GET /api/admin/campaigns/{id}/packet.html': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, query: { since: '2020-01-01T00:00:00+01:00' } }),
  'GET /api/admin/letters': (fx) => ({ cookie: fx.admin, query: { pageSize: '10', campaign_id: String(fx.targets.campaignId) } }),
  'GET /api/admin/letters.csv': (fx) => ({ cookie: fx.admin, query: { campaign_id: String(fx.targets.campaignId) } }),
  'GET /api/admin/letters/{id}': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.letterId } }),
  'GET /api/admin/supporters': (fx) => ({ cookie: fx.admin, query: { pageSize: '10', campaign_id: String(fx.targets.campaignId) } }),
  'GET /api/admin/supporters.csv': (fx) => ({ cookie: fx.admin, query: { campaign_id: String(fx.targets.campaignId) } }),
  'GET /api/admin/message-points': (fx) => ({ cookie: fx.admin }),
  'POST /api/admin/message-points': (fx) => ({ cookie: fx.admin, body: bodies(fx).MessagePointCreate }),
  'PUT /api/admin/message-points/{id}': (fx) => ({
    cookie: fx.admin,
    params: { id: fx.targets.messagePointId },
    body: bodies(fx).MessagePointUpdate,
  }),
  // A point of its own each time: the one the other examples use must stay.
  'DELETE /api/admin/message-points/{id}': async (fx) => {
    const point = await fx.t.api('POST', '/api/admin/message-points', { cookie: fx.admin, body: bodies(fx).MessagePointCreate });
    return { cookie: fx.admin, params: { id: Number(point.body.data?.id) } };
  },
  'GET /api/admin/settings': (fx) => ({ cookie: fx.admin }),
  'PUT /api/admin/settings/{key}': (fx) => ({ cookie: fx.admin, params: { key: fx.targets.settingKey }, body: bodies(fx).SettingUpdate }),
  'GET /api/admin/audit-log': (fx) => ({ cookie: fx.admin, query: { action: 'campaign.update', pageSize: '10' } }),
  'POST /api/admin/erasure/preview': (fx) => ({ cookie: fx.admin, body: bodies(fx).Erasure }),
  'POST /api/admin/erasure': (fx) => ({ cookie: fx.admin, body: bodies(fx).Erasure }),
  'GET /api/admin/campaigns/{id}/widget-preview': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId } }),
  'GET /api/admin/admins': (fx) => ({ cookie: fx.admin }),
  'POST /api/admin/admins': (fx) => ({ cookie: fx.admin, body: { ...bodies(fx).AdminInvite, email: `invited-${unique()}@example.org` } }),
  // An admin of its own each time (invited here), to change and to remove.
  'PUT /api/admin/admins/{id}': async (fx) => ({ cookie: fx.admin, params: { id: await invited(fx) }, body: bodies(fx).AdminRoleUpdate }),
  'DELETE /api/admin/admins/{id}': async (fx) => ({ cookie: fx.admin, params: { id: await invited(fx) } }),
  'GET /api/admin/campaigns/{id}/quarantines': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId } }),
  'POST /api/admin/campaigns/{id}/quarantines/preview': (fx) => ({ cookie: fx.admin, params: { id: fx.targets.campaignId }, body: bodies(fx).QuarantineCreate }),
  // A signature of its own from the burst's network, inside its time range, each time: there is then something to take.
  'POST /api/admin/campaigns/{id}/quarantines': async (fx) => {
    await burstSignature(fx);
    return { cookie: fx.admin, params: { id: fx.targets.campaignId }, body: bodies(fx).QuarantineCreate };
  },
  'GET /api/admin/boundary-sets': (fx) => ({ cookie: fx.admin }),
  'POST /api/admin/boundary-sets': (fx) => ({ cookie: fx.admin, body: bodies(fx).BoundarySetCreate }),
  'GET /api/admin/boundary-sets/{id}': async (fx) => ({ cookie: fx.admin, params: { id: await boundarySet(fx) } }),
  // A set of its own each time, which no campaign uses.
  'DELETE /api/admin/boundary-sets/{id}': async (fx) => ({ cookie: fx.admin, params: { id: await boundarySet(fx) } }),
  'POST /api/admin/quarantines/{id}/restore': async (fx) => {
    await burstSignature(fx);
    const made = await fx.t.api('POST', `/api/admin/campaigns/${fx.targets.campaignId}/quarantines`, { cookie: fx.admin, body: bodies(fx).QuarantineCreate });
    return { cookie: fx.admin, params: { id: Number(made.body.data?.id) } };
  },
};

async function burstSignature(fx: Fixtures): Promise<void> {
  await fx.t.db.ds.getRepository(fx.t.db.entities.Supporter).insert({
    campaign_id: fx.targets.campaignId,
    name: 'Burst Signer',
    email: `burst-${unique()}@example.org`,
    is_public: false,
    street_address: '1 Burst Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    network: '198.51.100.0/24',
    created_at: new Date('2020-01-01T12:00:00Z'),
  });
}
