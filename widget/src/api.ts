import type {
  ApiReply,
  FieldIssue,
  SupporterTexts,
  GeneratedLetter,
  LetterReceipt,
  ProofOfWorkChallenge,
  PublicCampaign,
  PublicMessagePoint,
  RecentSupporter,
  SuccessMessage,
  WidgetPreview,
  WidgetSettings,
} from '@dais/api/contract';
import { createBotCheck } from './proof-of-work';

export type { FieldIssue };

/** A reply with success false: the server's message (may be empty), its code and per-field issues. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly code = '',
  ) {
    super(message);
  }
}

/**
 * What a failed request tells the supporter. In English: the server's text when it gave one, else
 * the spec's fallback (also for network failures). The server writes English, so in another
 * language: the first refused field's issue, or the catalogue's words for the code, else the fallback.
 */
export function failureText(e: unknown, fallback: string, texts: SupporterTexts): string {
  if (!(e instanceof ApiError)) return fallback;
  if (texts.locale.startsWith('en')) return e.message || fallback;
  const first = e.issues[0];
  if (e.code === 'validation_failed' && first) return issueText(first, texts);
  return (texts.failure as Record<string, string | undefined>)[e.code] ?? fallback;
}

/** The label each field the widget sends is known by, in the supporter's language. */
function fieldLabel(field: string, t: SupporterTexts): string | null {
  const labels: Record<string, string> = {
    name: t.fullName,
    supporter_name: t.fullName,
    email: t.emailAddress,
    supporter_email: t.emailAddress,
    street_address: t.streetAddress,
    city: t.city,
    state: t.state,
    zip_code: t.zipCode,
    phone_number: t.phoneNumber,
    comment: t.whyImportant,
    perspective: t.yourPerspective,
    personal_note: t.ownWords,
    letter_content: t.editYourLetter,
    position: t.yourPosition,
    district_id: t.whichDistrict,
  };
  return labels[field] ?? null;
}

/** One refused field in the supporter's language (the server's own words in English: SPEC's texts). */
export function issueText(issue: FieldIssue, texts: SupporterTexts): string {
  const label = fieldLabel(issue.field, texts);
  if (texts.locale.startsWith('en') || label === null) return issue.message;
  const f = texts.fieldIssue;
  const limit = String(issue.limit ?? '');
  if (issue.field.endsWith('email') && issue.problem !== 'required') return f.email;
  switch (issue.problem) {
    case 'required':
      return f.required(label);
    case 'too_long':
      return f.tooLong(label, limit);
    case 'too_short':
      return f.tooShort(label, limit);
    default:
      return f.invalid(label);
  }
}

/** Log lines carry a prefix and say what to do next; supporters never see these. */
export function logError(what: string, e: unknown, next = 'Check that the Dais server is reachable from this page.') {
  console.error(`[dais] ${what}: ${e instanceof Error ? e.message : String(e)}. ${e instanceof ApiError ? '' : next}`);
}

/**
 * The public calls the widget makes, cross-origin, never with cookies. With `preview` (the widget
 * page's ?preview, opened from the admin console on Dais's own site) the campaign and its points
 * come from the admin's preview read instead, with the admin's session, so a campaign that is
 * switched off can be looked at before it goes live.
 */
export function createApi(base: string, options: { preview?: boolean } = {}) {
  async function call<T>(path: string, body?: unknown, credentials: RequestCredentials = 'omit'): Promise<T> {
    const res = await fetch(`${base}/api${path}`, {
      credentials,
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const reply = (await res.json().catch(() => null)) as (ApiReply<T> & { issues?: FieldIssue[] }) | null;
    if (reply?.success) return reply.data;
    throw new ApiError(reply?.success === false ? reply.error : '', reply?.issues, reply?.success === false ? reply.code : '');
  }
  const campaign = (id: string) => `/campaigns/${encodeURIComponent(id)}`;
  const botCheck = createBotCheck(() => call<ProofOfWorkChallenge>('/challenge'));
  // The public writes carry the bot check's solution, taken as they are sent.
  const checked = async (body: unknown) => ({ ...(body as object), altcha: await botCheck.take() });
  const calls = {
    // The timestamp keeps caches (the browser's and any in between) from serving old counts.
    campaign: (id: string) => call<PublicCampaign>(`${campaign(id)}?t=${Date.now()}`),
    messagePoints: (id: string) => call<PublicMessagePoint[]>(`${campaign(id)}/message-points`),
    recentSupporters: (id: string) => call<RecentSupporter[]>(`${campaign(id)}/recent-supporters`),
    widgetSettings: () => call<WidgetSettings>('/settings/widget'),
    successMessage: () => call<SuccessMessage>('/settings/letter-success'),
    /** A form that will send is in use: the bot check starts solving now, in the background. */
    warmBotCheck: () => botCheck.warm(),
    sign: async (id: string, body: unknown) => call<unknown>(`${campaign(id)}/support`, await checked(body)),
    generateLetter: async (id: string, body: unknown) => call<GeneratedLetter>(`${campaign(id)}/generate-letter`, await checked(body)),
    submitLetter: async (id: string, body: unknown) => call<LetterReceipt>(`${campaign(id)}/submit-letter`, await checked(body)),
  };
  if (!options.preview) return calls;
  // The campaign and its points come together from one admin read, shared while it is in flight by
  // the two calls that ask for them at once; the next load (after a signature) reads again.
  let inFlight: { id: string; read: Promise<WidgetPreview> } | null = null;
  const preview = (id: string) => {
    if (inFlight?.id !== id) {
      const read: Promise<WidgetPreview> = call<WidgetPreview>(`/admin/campaigns/${encodeURIComponent(id)}/widget-preview`, undefined, 'same-origin').finally(() => {
        if (inFlight?.read === read) inFlight = null;
      });
      inFlight = { id, read };
    }
    return inFlight.read;
  };
  return {
    ...calls,
    campaign: async (id: string) => (await preview(id)).campaign,
    messagePoints: async (id: string) => (await preview(id)).message_points,
  };
}

export type Api = ReturnType<typeof createApi>;
