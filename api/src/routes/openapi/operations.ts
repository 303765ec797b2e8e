import type { ZodObject } from 'zod';
import {
  activityQuerySchema,
  activitySchema,
  adminCampaignSchema,
  adminLetterSchema,
  adminExportQuerySchema,
  packetQuerySchema,
  adminListQuerySchema,
  adminMessagePointSchema,
  adminSupporterSchema,
  campaignCardSchema,
  campaignCreateSchema,
  campaignReadQuerySchema,
  campaignUpdateSchema,
  challengeSchema,
  confirmationResultSchema,
  dashboardSchema,
  deletedSchema,
  deliveryCreateSchema,
  deliveryListMetaSchema,
  deliverySchema,
  errorReplySchema,
  generatedLetterSchema,
  healthSchema,
  letterGenerateSchema,
  letterReceiptSchema,
  letterSubmitSchema,
  logoUploadRequestSchema,
  logoUploadSchema,
  mailStatusSchema,
  messagePointCreateSchema,
  messagePointUpdateSchema,
  pageMetaSchema,
  adminListMetaSchema,
  pageQuerySchema,
  publicCampaignSchema,
  publicMessagePointSchema,
  recentSupporterSchema,
  adminInviteSchema,
  adminRoleSchema,
  adminSchema,
  widgetPreviewSchema,
  redirectUrlSchema,
  sessionCreateSchema,
  settingSchema,
  settingUpdateSchema,
  signatureCreateSchema,
  signatureReceiptSchema,
  successMessageSchema,
  userSchema,
  signedInUserSchema,
  widgetSettingsSchema,
  auditEntrySchema,
  auditQuerySchema,
  erasureSchema,
  erasurePreviewSchema,
  erasureResultSchema,
  quarantineSchema,
  quarantineCountsSchema,
  quarantineViewSchema,
  boundarySetCreateSchema,
  boundarySetSchema,
  boundarySetSummarySchema,
  BOUNDARY_LIMITS,
  type ErrorCode,
} from '../../contract';

/** Request schemas by the name they get in components.schemas (described as the client sends them). */
export const REQUEST_SCHEMAS = {
  SessionCreate: sessionCreateSchema,
  SignatureCreate: signatureCreateSchema,
  LetterGenerate: letterGenerateSchema,
  LetterSubmit: letterSubmitSchema,
  CampaignCreate: campaignCreateSchema,
  CampaignUpdate: campaignUpdateSchema,
  MessagePointCreate: messagePointCreateSchema,
  MessagePointUpdate: messagePointUpdateSchema,
  SettingUpdate: settingUpdateSchema,
  DeliveryCreate: deliveryCreateSchema,
  Erasure: erasureSchema,
  QuarantineCreate: quarantineSchema,
  AdminInvite: adminInviteSchema,
  AdminRoleUpdate: adminRoleSchema,
  BoundarySetCreate: boundarySetCreateSchema,
  LogoUploadForm: logoUploadRequestSchema,
};

/** Reply schemas (the `data` of a success, or a whole reply) as the server sends them. */
export const REPLY_SCHEMAS = {
  CampaignCard: campaignCardSchema,
  PublicCampaign: publicCampaignSchema,
  AdminCampaign: adminCampaignSchema,
  PublicMessagePoint: publicMessagePointSchema,
  RecentSupporter: recentSupporterSchema,
  Admin: adminSchema,
  WidgetPreview: widgetPreviewSchema,
  AdminMessagePoint: adminMessagePointSchema,
  WidgetSettings: widgetSettingsSchema,
  SuccessMessage: successMessageSchema,
  GeneratedLetter: generatedLetterSchema,
  SignatureReceipt: signatureReceiptSchema,
  LetterReceipt: letterReceiptSchema,
  ConfirmationResult: confirmationResultSchema,
  Challenge: challengeSchema,
  AdminLetter: adminLetterSchema,
  AdminSupporter: adminSupporterSchema,
  Dashboard: dashboardSchema,
  Activity: activitySchema,
  Setting: settingSchema,
  User: userSchema,
  SignedInUser: signedInUserSchema,
  UploadedLogo: logoUploadSchema,
  RedirectUrl: redirectUrlSchema,
  Deleted: deletedSchema,
  Health: healthSchema,
  MailStatus: mailStatusSchema,
  PageMeta: pageMetaSchema,
  AdminListMeta: adminListMetaSchema,
  Delivery: deliverySchema,
  DeliveryListMeta: deliveryListMetaSchema,
  ErrorReply: errorReplySchema,
  AuditEntry: auditEntrySchema,
  ErasurePreview: erasurePreviewSchema,
  ErasureResult: erasureResultSchema,
  QuarantineCounts: quarantineCountsSchema,
  Quarantine: quarantineViewSchema,
  BoundarySetSummary: boundarySetSummarySchema,
  BoundarySet: boundarySetSchema,
};

export type RequestName = keyof typeof REQUEST_SCHEMAS;
export type ReplyName = keyof typeof REPLY_SCHEMAS;

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI style, {param}, exactly as the router serves it under /api. */
  path: string;
  summary: string;
  tag: 'Campaigns' | 'Signatures' | 'Letters' | 'Confirmations' | 'Bot check' | 'Settings' | 'Session' | 'Admin' | 'Documentation' | 'Health';
  /** admin: session cookie of an active admin; signed-in: any session. */
  access: 'public' | 'signed-in' | 'admin';
  /** any: the widget calls it from other sites (CORS *); same: only the Dais pages may write. */
  origin: 'any' | 'same';
  query?: ZodObject;
  /** A JSON body, or the multipart logo form. */
  body?: RequestName;
  multipart?: boolean;
  /**
   * The JSON body's limit where it is not LIMITS.jsonBodyBytes: the route reads its own body
   * (http/own-json-body.ts) and refuses a larger one as invalid input, a 400 naming the limit.
   */
  bodyLimitBytes?: number;
  reply: {
    /** `data` of the success reply; null for `data: null` (or any object when bare). */
    schema: ReplyName | null;
    list?: boolean;
    status?: 200 | 201;
    /** With `meta`: PageMeta, or the named schema that extends it. */
    paged?: true | ReplyName;
    /** The reply is the schema itself, not `{success, data}`. */
    bare?: boolean;
    /** The data's fields are repeated at the top level of the reply. */
    topLevel?: boolean;
    /** A CSV download (text/csv, streamed), not JSON; errors before the first byte are still JSON. */
    csv?: boolean;
    /** A PDF download (application/pdf, streamed), likewise. */
    pdf?: boolean;
    /** A page shown inline (text/html, streamed, its own Content-Security-Policy), likewise. */
    html?: boolean;
    /** The download's letter count goes ahead in the Packet-Letters header (for a progress bar). */
    countsLetters?: boolean;
  };
  rateLimited?: boolean;
  /** Refusals beyond those the shape implies (validation, auth, not found, body limits, 500). */
  refusals?: ErrorCode[];
}

const admin = { tag: 'Admin', access: 'admin', origin: 'same' } as const;
const widget = { access: 'public', origin: 'any' } as const;
const session = { tag: 'Session', origin: 'same' } as const;

/**
 * Every /api route the server answers. routes/openapi/openapi.test.ts checks this list against
 * the routers' own registered routes, in both directions.
 */
export const OPERATIONS: Operation[] = [
  // Session and user
  {
    ...session,
    method: 'GET',
    path: '/api/oauth/google/redirect_url',
    summary: 'Where to send the browser to sign in',
    access: 'public',
    reply: { schema: 'RedirectUrl', topLevel: true },
    refusals: ['misdirected'],
  },
  {
    ...session,
    method: 'POST',
    path: '/api/sessions',
    summary: 'Trade the one-time sign-in code for a session cookie',
    access: 'public',
    body: 'SessionCreate',
    reply: { schema: 'User' },
    rateLimited: true,
    refusals: ['misdirected'],
  },
  {
    ...session,
    method: 'GET',
    path: '/api/users/me',
    summary: 'The signed-in user, or null when nobody is (the bare user, not wrapped)',
    access: 'public',
    reply: { schema: 'SignedInUser', bare: true },
  },
  {
    ...session,
    method: 'GET',
    path: '/api/logout',
    summary: 'End the session (works signed in or not)',
    access: 'public',
    reply: { schema: null },
  },

  // Public: the landing page and the widget
  {
    ...widget,
    tag: 'Campaigns',
    method: 'GET',
    path: '/api/campaigns',
    summary: 'Active campaigns, as cards',
    reply: { schema: 'CampaignCard', list: true },
  },
  {
    ...widget,
    tag: 'Campaigns',
    method: 'GET',
    path: '/api/campaigns/{id}',
    summary: 'One active campaign with its widget settings',
    query: campaignReadQuerySchema,
    reply: { schema: 'PublicCampaign' },
  },
  {
    ...widget,
    tag: 'Campaigns',
    method: 'GET',
    path: '/api/campaigns/{id}/message-points',
    summary: 'Active talking points of a campaign and general ones; hidden ones flagged',
    reply: { schema: 'PublicMessagePoint', list: true },
  },
  {
    ...widget,
    tag: 'Campaigns',
    method: 'GET',
    path: '/api/campaigns/{id}/recent-supporters',
    summary: 'Up to 10 recent supporters who asked to be shown: first name, last initial and city only; empty unless the campaign shows them',
    reply: { schema: 'RecentSupporter', list: true },
  },
  {
    ...widget,
    tag: 'Signatures',
    method: 'POST',
    path: '/api/campaigns/{id}/support',
    summary: 'Sign the petition',
    body: 'SignatureCreate',
    reply: { schema: 'SignatureReceipt' },
    rateLimited: true,
    refusals: ['action_disabled'],
  },
  {
    ...widget,
    tag: 'Letters',
    method: 'POST',
    path: '/api/campaigns/{id}/generate-letter',
    summary: 'Write a letter from chosen talking points',
    body: 'LetterGenerate',
    reply: { schema: 'GeneratedLetter' },
    rateLimited: true,
    refusals: ['action_disabled'],
  },
  {
    ...widget,
    tag: 'Letters',
    method: 'POST',
    path: '/api/campaigns/{campaign_id}/submit-letter',
    summary: 'Submit the reviewed letter',
    body: 'LetterSubmit',
    reply: { schema: 'LetterReceipt', status: 201 },
    rateLimited: true,
    refusals: ['action_disabled'],
  },
  {
    ...widget,
    tag: 'Bot check',
    method: 'GET',
    path: '/api/challenge',
    summary: 'A proof-of-work challenge (ALTCHA v1) to solve before signing, generating or submitting',
    reply: { schema: 'Challenge' },
  },
  {
    tag: 'Confirmations',
    access: 'public',
    origin: 'same',
    method: 'POST',
    path: '/api/confirmations/{token}',
    summary: 'Confirm the signature and letters an e-mail was sent for (the /confirm page sends it)',
    reply: { schema: 'ConfirmationResult' },
    rateLimited: true,
    refusals: ['gone'],
  },
  {
    tag: 'Confirmations',
    access: 'public',
    origin: 'same',
    method: 'POST',
    path: '/api/removals/{token}',
    summary: 'Remove every signature and letter sent under the address an e-mail went to (the /remove page sends it)',
    reply: { schema: 'ConfirmationResult' },
    rateLimited: true,
  },
  {
    ...widget,
    tag: 'Settings',
    method: 'GET',
    path: '/api/settings/widget',
    summary: 'Global widget settings',
    reply: { schema: 'WidgetSettings' },
  },
  {
    ...widget,
    tag: 'Settings',
    method: 'GET',
    path: '/api/settings/letter-success',
    summary: 'The message shown after a letter is submitted',
    reply: { schema: 'SuccessMessage' },
  },
  {
    ...widget,
    tag: 'Documentation',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This description of the API (OpenAPI 3.1, not wrapped)',
    reply: { schema: null, bare: true },
  },

  {
    tag: 'Health',
    access: 'public',
    origin: 'same',
    method: 'GET',
    path: '/api/health',
    summary: 'Is this server and its database answering? 200 if so, 503 if not (never cached, never rate limited)',
    reply: { schema: 'Health' },
    refusals: ['unavailable'],
  },

  // Admin
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/dashboard',
    summary: 'Totals and the latest supporters and letters; also the admin access check',
    reply: { schema: 'Dashboard' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/mail',
    summary: 'How this server sends e-mail (SMTP, the development mailbox, or not yet configured) and what waits in its outbox',
    reply: { schema: 'MailStatus' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/activity',
    summary: 'Counted signatures and letters per calendar day in a time zone',
    query: activityQuerySchema,
    reply: { schema: 'Activity' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns',
    summary: 'Every campaign, newest first',
    reply: { schema: 'AdminCampaign', list: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/campaigns',
    summary: 'Create a campaign',
    body: 'CampaignCreate',
    reply: { schema: 'AdminCampaign', status: 201 },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}',
    summary: 'One campaign, active or not',
    reply: { schema: 'AdminCampaign' },
  },
  {
    ...admin,
    method: 'PUT',
    path: '/api/admin/campaigns/{id}',
    summary: 'Change any campaign fields (logo_url: null removes the logo)',
    body: 'CampaignUpdate',
    reply: { schema: 'AdminCampaign' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/deliveries',
    summary: "A campaign's deliveries to its decision body (packets, and letters e-mailed one by one), newest first, with each e-mail's status",
    query: pageQuerySchema,
    reply: { schema: 'Delivery', list: true, paged: 'DeliveryListMeta' },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/campaigns/{id}/deliveries',
    summary: "E-mail the hearing packet (PDF and CSV) to the campaign's recipients now: every letter, or those submitted after `since`",
    body: 'DeliveryCreate',
    reply: { schema: 'Delivery', status: 201 },
    // No recipients yet, or no letters to send.
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/campaigns/{id}/upload-logo',
    summary: "Upload the campaign's logo (PNG, JPEG, WebP or GIF, at most 2 MB)",
    body: 'LogoUploadForm',
    multipart: true,
    reply: { schema: 'UploadedLogo' },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/upload-logo',
    summary: 'Upload the global widget logo (PNG, JPEG, WebP or GIF, at most 2 MB)',
    body: 'LogoUploadForm',
    multipart: true,
    reply: { schema: 'UploadedLogo' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/packet.pdf',
    summary:
      "The hearing packet for the decision body (or of the letters submitted after `since`), tagged PDF/UA-1: the figures and how they were counted, the writers' own words, each shared talking point once, every letter (personal ones first, then by district; late ones marked), and each letter's SHA-256 and the CSV's; streamed as it is made",
    query: packetQuerySchema,
    reply: { schema: null, pdf: true, countsLetters: true },
    // This admin's previous PDF is still being drawn (one at a time each).
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/packet.csv',
    summary: "The hearing packet's report, for the clerk's verification and not for publication (its first line says so): one row per letter with the writer's contact details, as a clerk's eComment export has them, in submission order, streamed",
    query: packetQuerySchema,
    reply: { schema: null, csv: true, countsLetters: true },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/packet.html',
    summary:
      'The hearing packet as one HTML page, shown in the browser and printable: the same cover, own words, talking points, letters (each in full, in its language) and SHA-256 digests as the PDF, with no script and nothing loaded; streamed as it is made',
    query: packetQuerySchema,
    reply: { schema: null, html: true },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/letters',
    summary: 'Submitted letters, newest first, a page at a time; or those whose writer\'s name or address starts with `q`',
    query: adminListQuerySchema,
    reply: { schema: 'AdminLetter', list: true, paged: 'AdminListMeta' },
    // ?campaign_id= of a campaign that does not exist.
    refusals: ['not_found'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/letters.csv',
    summary: 'Every submitted letter (or one campaign\'s) as a CSV file, newest first, streamed',
    query: adminExportQuerySchema,
    reply: { schema: null, csv: true },
    // ?campaign_id= of a campaign that does not exist.
    refusals: ['not_found'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/letters/{id}',
    summary: 'One submitted letter',
    reply: { schema: 'AdminLetter' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/supporters',
    summary: 'Signatures with addresses, newest first, a page at a time; or those whose signer\'s name or address starts with `q`',
    query: adminListQuerySchema,
    reply: { schema: 'AdminSupporter', list: true, paged: 'AdminListMeta' },
    // ?campaign_id= of a campaign that does not exist.
    refusals: ['not_found'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/supporters.csv',
    summary: 'Every signature (or one campaign\'s) with addresses as a CSV file, newest first, streamed',
    query: adminExportQuerySchema,
    reply: { schema: null, csv: true },
    // ?campaign_id= of a campaign that does not exist.
    refusals: ['not_found'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/message-points',
    summary: 'Every talking point, general ones first',
    reply: { schema: 'AdminMessagePoint', list: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/message-points',
    summary: 'Create a talking point',
    body: 'MessagePointCreate',
    reply: { schema: 'AdminMessagePoint', status: 201 },
  },
  {
    ...admin,
    method: 'PUT',
    path: '/api/admin/message-points/{id}',
    summary: 'Change a talking point (or only is_active)',
    body: 'MessagePointUpdate',
    reply: { schema: 'AdminMessagePoint' },
  },
  {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/message-points/{id}',
    summary: 'Delete a talking point',
    reply: { schema: 'Deleted' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/settings',
    summary: 'Every setting with its current value',
    reply: { schema: 'Setting', list: true },
  },
  {
    ...admin,
    method: 'PUT',
    path: '/api/admin/settings/{key}',
    summary: "Change one setting (widget_logo_url '' removes the logo)",
    body: 'SettingUpdate',
    reply: { schema: 'Setting' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/audit-log',
    summary: 'Every admin write (who, what, when, a summary), newest first; filter by action, campaign and part of the admin address',
    query: auditQuerySchema,
    reply: { schema: 'AuditEntry', list: true, paged: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/erasure/preview',
    summary: 'Every signature and letter holding an e-mail address, on every campaign (a POST: the address stays out of logs); changes nothing',
    body: 'Erasure',
    reply: { schema: 'ErasurePreview' },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/erasure',
    summary: "Erase every signature, letter and supporter e-mail holding an address; the counts follow",
    body: 'Erasure',
    reply: { schema: 'ErasureResult' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/widget-preview',
    summary: "The widget's reads (campaign and message points) for any campaign, switched off too: the widget page's ?preview",
    reply: { schema: 'WidgetPreview' },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/admins',
    summary: 'Who has access to the console, with their roles (owner, editor, viewer); invitations not yet taken up say joined: false',
    reply: { schema: 'Admin', list: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/admins',
    summary: 'Owners only: invite an address with a role; it gets an e-mail, and access at its first sign-in',
    body: 'AdminInvite',
    reply: { schema: 'Admin', status: 201 },
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'PUT',
    path: '/api/admin/admins/{id}',
    summary: 'Owners only: change an admin\'s role; the last owner, and an owner ADMIN_EMAILS names, cannot be demoted (409)',
    body: 'AdminRoleUpdate',
    reply: { schema: 'Admin' },
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/admins/{id}',
    summary: 'Owners only: remove an admin; the last owner, and an address ADMIN_EMAILS names, cannot be removed (409)',
    reply: { schema: null },
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/campaigns/{id}/quarantines',
    summary: "A campaign's quarantines, newest first",
    reply: { schema: 'Quarantine', list: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/campaigns/{id}/quarantines/preview',
    summary: 'How many signatures and letters a quarantine would take (all, and counted); changes nothing',
    body: 'QuarantineCreate',
    reply: { schema: 'QuarantineCounts' },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/campaigns/{id}/quarantines',
    summary: 'Quarantine a burst (a time range and one network or e-mail domain): out of the counts, the packet and the exports',
    body: 'QuarantineCreate',
    reply: { schema: 'Quarantine', status: 201 },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/quarantines/{id}/restore',
    summary: 'Put a quarantine\'s signatures and letters back in the counts',
    reply: { schema: 'Quarantine' },
    // Restored already.
    refusals: ['conflict'],
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/boundary-sets',
    summary: 'Every boundary set, newest first, with how many districts it has and how many campaigns use it',
    reply: { schema: 'BoundarySetSummary', list: true },
  },
  {
    ...admin,
    method: 'POST',
    path: '/api/admin/boundary-sets',
    summary:
      'Upload a boundary set: `geojson` is a FeatureCollection of Polygon or MultiPolygon features in WGS84 longitude/latitude, ' +
      'each with properties.name and optionally representative_name, representative_title and representative_email; ' +
      'at most 5 MB and 500 features. Every problem found is listed in `issues`, each with its field (geojson.features.3.properties.name), and nothing is stored',
    body: 'BoundarySetCreate',
    bodyLimitBytes: BOUNDARY_LIMITS.maxRequestBytes,
    reply: { schema: 'BoundarySet', status: 201 },
  },
  {
    ...admin,
    method: 'GET',
    path: '/api/admin/boundary-sets/{id}',
    summary: 'One boundary set with its districts, in the order of the uploaded file',
    reply: { schema: 'BoundarySet' },
  },
  {
    ...admin,
    method: 'DELETE',
    path: '/api/admin/boundary-sets/{id}',
    summary: 'Delete a boundary set and its districts (signatures and letters keep the district names they carry); 409 naming the campaigns while any uses it',
    reply: { schema: 'Deleted' },
    refusals: ['conflict'],
  },
];
