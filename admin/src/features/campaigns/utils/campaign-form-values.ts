/**
 * The campaign form as the inputs hold it (text stays text until saving) and the request it
 * becomes. Validation uses the contract's own schemas, so the form shows exactly the messages the
 * API would answer with.
 */
import {
  CAMPAIGN_DEFAULTS,
  DEFAULT_LANGUAGE,
  DELIVERY_DEFAULTS,
  POSITION_MESSAGES,
  POSITIONS,
  TABS_REQUIRED_MESSAGE,
  campaignCreateSchema,
  campaignUpdateSchema,
  deliveryProblems,
  hasEnabledTab,
  instantFromWallTime,
  localTimeZone,
  positionsOffered,
  wallTimeInZone,
  type AdminCampaign,
  type DeliveryMode,
  type Language,
  type Position,
  type PositionLabels,
  type PositionOptions,
} from '@dais/api/contract';
import type { z } from 'zod';
import { firstErrorByField, type FieldIssue } from '../../../lib/field-errors';

export interface CampaignFormValues {
  title: string;
  description: string;
  category: string;
  target_signatures: string;
  target_letters: string;
  is_active: boolean;
  enable_sign_tab: boolean;
  enable_letter_tab: boolean;
  enable_share_tab: boolean;
  require_confirmation: boolean;
  show_recent_supporters: boolean;
  language: Language;
  widget_primary_color: string;
  widget_secondary_color: string;
  widget_background_color: string;
  widget_text_color: string;
  widget_tab_text_color: string;
  widget_border_radius: string;
  show_progress_bar: boolean;
  decision_body: string;
  jurisdiction: string;
  meeting_date: string;
  agenda_item_number: string;
  project_name: string;
  /** As typed: addresses separated by new lines, commas or spaces. */
  delivery_recipients: string;
  /** What <input type="datetime-local"> holds ('YYYY-MM-DDTHH:MM'), read in `time_zone`. */
  comment_deadline: string;
  time_zone: string;
  delivery_mode: DeliveryMode;
  delivery_lead_hours: string;
  /** The packet CSV lists each writer's e-mail, street address and phone. */
  packet_csv_contacts: boolean;
  position_options: PositionOptions;
  /** Every choice's wording as typed, offered or not: switching the options back finds them again. */
  position_labels: Record<Position, string>;
  show_position_counts: boolean;
  /** The select's value: a boundary set's id, or '' for none. */
  boundary_set_id: string;
}

export type CampaignField = keyof CampaignFormValues;
/** Each choice's wording is its own input, so its message has its own key, as the API names it. */
export type PositionLabelField = `position_labels.${Position}`;
/** Where a message shows: a field's input, or one wording's. */
export type CampaignErrorKey = Exclude<CampaignField, 'position_labels'> | PositionLabelField;
export type CampaignFieldErrors = Partial<Record<CampaignErrorKey, string>>;

export const positionLabelField = (p: Position): PositionLabelField => `position_labels.${p}`;

/** Which tab of the form holds each field, to open it at the first error. */
export type CampaignFormTab = 'basic' | 'appearance' | 'settings' | 'public-comment' | 'delivery';

/** In the order the tabs show them, so the first error found is the first on screen. */
export const FIELD_TAB: Record<CampaignErrorKey, CampaignFormTab> = {
  title: 'basic',
  description: 'basic',
  category: 'basic',
  target_signatures: 'basic',
  target_letters: 'basic',
  position_options: 'basic',
  'position_labels.support': 'basic',
  'position_labels.oppose': 'basic',
  'position_labels.neutral': 'basic',
  show_position_counts: 'basic',
  boundary_set_id: 'basic',
  is_active: 'basic',
  widget_primary_color: 'appearance',
  widget_secondary_color: 'appearance',
  widget_background_color: 'appearance',
  widget_text_color: 'appearance',
  widget_tab_text_color: 'appearance',
  widget_border_radius: 'appearance',
  show_progress_bar: 'appearance',
  enable_sign_tab: 'settings',
  enable_letter_tab: 'settings',
  enable_share_tab: 'settings',
  require_confirmation: 'settings',
  show_recent_supporters: 'settings',
  language: 'basic',
  decision_body: 'public-comment',
  jurisdiction: 'public-comment',
  meeting_date: 'public-comment',
  agenda_item_number: 'public-comment',
  project_name: 'public-comment',
  delivery_mode: 'delivery',
  delivery_recipients: 'delivery',
  comment_deadline: 'delivery',
  time_zone: 'delivery',
  delivery_lead_hours: 'delivery',
  packet_csv_contacts: 'delivery',
};

/** A new campaign starts from the spec's defaults (SPEC.md section 3). */
export function emptyCampaignForm(): CampaignFormValues {
  return {
    title: '',
    description: '',
    category: '',
    target_signatures: String(CAMPAIGN_DEFAULTS.target_signatures),
    target_letters: String(CAMPAIGN_DEFAULTS.target_letters),
    is_active: CAMPAIGN_DEFAULTS.is_active,
    enable_sign_tab: CAMPAIGN_DEFAULTS.enable_sign_tab,
    enable_letter_tab: CAMPAIGN_DEFAULTS.enable_letter_tab,
    enable_share_tab: CAMPAIGN_DEFAULTS.enable_share_tab,
    // A new campaign confirms supporters by e-mail unless the organiser turns it off.
    require_confirmation: true,
    // Nobody's name appears in the widget until the organiser chooses to show them.
    show_recent_supporters: false,
    language: DEFAULT_LANGUAGE,
    widget_primary_color: CAMPAIGN_DEFAULTS.widget_primary_color,
    widget_secondary_color: CAMPAIGN_DEFAULTS.widget_secondary_color,
    widget_background_color: CAMPAIGN_DEFAULTS.widget_background_color,
    widget_text_color: CAMPAIGN_DEFAULTS.widget_text_color,
    widget_tab_text_color: CAMPAIGN_DEFAULTS.widget_tab_text_color,
    widget_border_radius: CAMPAIGN_DEFAULTS.widget_border_radius,
    show_progress_bar: CAMPAIGN_DEFAULTS.show_progress_bar,
    decision_body: '',
    jurisdiction: '',
    meeting_date: '',
    agenda_item_number: '',
    project_name: '',
    delivery_recipients: '',
    comment_deadline: '',
    // Where the organiser is, until they say where the decision body is.
    time_zone: localTimeZone(),
    delivery_mode: DELIVERY_DEFAULTS.delivery_mode,
    delivery_lead_hours: String(DELIVERY_DEFAULTS.delivery_lead_hours),
    packet_csv_contacts: DELIVERY_DEFAULTS.packet_csv_contacts,
    // No position asked and no counts by position shown until the organiser chooses (the contract's defaults).
    position_options: 'none',
    position_labels: positionLabelsForm({}),
    show_position_counts: false,
    // No districts until the organiser picks a boundary set.
    boundary_set_id: '',
  };
}

const positionLabelsForm = (labels: PositionLabels): Record<Position, string> =>
  Object.fromEntries(POSITIONS.map((p) => [p, labels[p] ?? ''])) as Record<Position, string>;

export function campaignFormFrom(c: AdminCampaign): CampaignFormValues {
  return {
    title: c.title,
    description: c.description,
    category: c.category ?? '',
    target_signatures: String(c.target_signatures),
    target_letters: String(c.target_letters),
    is_active: c.is_active,
    enable_sign_tab: c.enable_sign_tab,
    enable_letter_tab: c.enable_letter_tab,
    enable_share_tab: c.enable_share_tab,
    require_confirmation: c.require_confirmation,
    show_recent_supporters: c.show_recent_supporters,
    language: c.language,
    widget_primary_color: c.widget_primary_color,
    widget_secondary_color: c.widget_secondary_color,
    widget_background_color: c.widget_background_color,
    widget_text_color: c.widget_text_color,
    widget_tab_text_color: c.widget_tab_text_color,
    widget_border_radius: c.widget_border_radius,
    show_progress_bar: c.show_progress_bar,
    decision_body: c.decision_body ?? '',
    jurisdiction: c.jurisdiction ?? '',
    // The API sends a calendar day; <input type="date"> wants exactly YYYY-MM-DD.
    meeting_date: (c.meeting_date ?? '').slice(0, 10),
    agenda_item_number: c.agenda_item_number ?? '',
    project_name: c.project_name ?? '',
    ...deliveryFormFrom(c),
    position_options: c.position_options,
    position_labels: positionLabelsForm(c.position_labels),
    show_position_counts: c.show_position_counts,
    boundary_set_id: c.boundary_set_id === null ? '' : String(c.boundary_set_id),
  };
}

function deliveryFormFrom(c: AdminCampaign) {
  const zone = c.time_zone ?? localTimeZone();
  return {
    delivery_recipients: c.delivery_recipients.join('\n'),
    comment_deadline: c.comment_deadline ? wallTimeInZone(new Date(c.comment_deadline), zone) : '',
    time_zone: zone,
    delivery_mode: c.delivery_mode,
    delivery_lead_hours: String(c.delivery_lead_hours),
    packet_csv_contacts: c.packet_csv_contacts,
  };
}

/** Recipients as typed, one address per entry (the schema then checks each). */
export const recipientList = (text: string): string[] => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The deadline to send: the instant the typed wall-clock time names in the typed zone, or the
 * saved value itself when neither was touched (a saved deadline may carry seconds the input
 * cannot show, and re-sending it rounded would count as setting a new one).
 */
export function deadlineRequestFrom(v: CampaignFormValues, saved: AdminCampaign | null): { ok: true; value: string | null } | { ok: false; message: string } {
  if (!v.comment_deadline) return { ok: true, value: null };
  if (saved?.comment_deadline) {
    const unchanged = deliveryFormFrom(saved);
    if (unchanged.comment_deadline === v.comment_deadline && unchanged.time_zone === v.time_zone) return { ok: true, value: saved.comment_deadline };
  }
  const at = instantFromWallTime(v.comment_deadline, v.time_zone);
  return at.ok ? { ok: true, value: at.iso } : at;
}

/**
 * A goal as typed: a number stays that number (the schema then refuses fractions and values
 * under 1); anything non-numeric becomes 0 (SPEC.md section 5), which the minimum-1 rule reports.
 */
export function parseGoal(text: string): number {
  const trimmed = text.trim();
  const n = Number(trimmed);
  return trimmed === '' || !Number.isFinite(n) ? 0 : n;
}

/** The request body: the full form. The logo is not part of it; it has its own calls. */
export function campaignRequestFrom(v: CampaignFormValues, deadline: string | null = null) {
  return {
    title: v.title,
    description: v.description,
    category: v.category,
    target_signatures: parseGoal(v.target_signatures),
    target_letters: parseGoal(v.target_letters),
    is_active: v.is_active,
    enable_sign_tab: v.enable_sign_tab,
    enable_letter_tab: v.enable_letter_tab,
    enable_share_tab: v.enable_share_tab,
    require_confirmation: v.require_confirmation,
    show_recent_supporters: v.show_recent_supporters,
    language: v.language,
    widget_primary_color: v.widget_primary_color,
    widget_secondary_color: v.widget_secondary_color,
    widget_background_color: v.widget_background_color,
    widget_text_color: v.widget_text_color,
    widget_tab_text_color: v.widget_tab_text_color,
    widget_border_radius: v.widget_border_radius,
    show_progress_bar: v.show_progress_bar,
    decision_body: v.decision_body,
    jurisdiction: v.jurisdiction,
    meeting_date: v.meeting_date,
    agenda_item_number: v.agenda_item_number,
    project_name: v.project_name,
    delivery_recipients: recipientList(v.delivery_recipients),
    comment_deadline: deadline,
    time_zone: v.time_zone,
    delivery_mode: v.delivery_mode,
    // Typed text: empty or not a number is refused by the schema with its own message.
    delivery_lead_hours: v.delivery_lead_hours.trim() === '' ? Number.NaN : Number(v.delivery_lead_hours),
    packet_csv_contacts: v.packet_csv_contacts,
    position_options: v.position_options,
    position_labels: offeredLabels(v),
    show_position_counts: v.show_position_counts,
    boundary_set_id: v.boundary_set_id === '' ? null : Number(v.boundary_set_id),
  };
}

/**
 * The wordings of the offered choices only: a hidden one is kept in the form but not saved, so
 * what is saved is exactly what the forms offer and a hidden input can never block saving.
 */
function offeredLabels(v: CampaignFormValues): PositionLabels {
  return Object.fromEntries(positionsOffered(v.position_options).map((p) => [p, v.position_labels[p]]));
}

/** An offered choice left without words, each at its own input (the API checks the merged campaign). */
function unwordedErrors(v: CampaignFormValues): CampaignFieldErrors {
  const unworded = positionsOffered(v.position_options).filter((p) => !v.position_labels[p].trim());
  return Object.fromEntries(unworded.map((p) => [positionLabelField(p), POSITION_MESSAGES.labelMissing(p)]));
}

export type CampaignRequest = ReturnType<typeof campaignRequestFrom>;

const isErrorKey = (key: PropertyKey | undefined): key is CampaignErrorKey =>
  typeof key === 'string' && Object.hasOwn(FIELD_TAB, key);

/** 'position_labels.support' (the API's field, zod's path) keeps its choice; any other names its field. */
function errorKeyOf(issue: FieldIssue): PropertyKey | undefined {
  const [field, item] = issue.field !== undefined ? issue.field.split('.') : (issue.path ?? []);
  return field === 'position_labels' && typeof item === 'string' ? `${field}.${item}` : field;
}

/** The first message per input, from zod issues or the API's `issues` (same field names). */
export const fieldErrorsFrom = (issues: readonly FieldIssue[]): CampaignFieldErrors => firstErrorByField(issues, isErrorKey, errorKeyOf);

const TAB_FIELDS: readonly CampaignField[] = ['enable_sign_tab', 'enable_letter_tab', 'enable_share_tab'];

/** The input keys a change from `before` to `after` answers. */
function answeredKeys(before: CampaignFormValues, after: CampaignFormValues): Set<CampaignErrorKey> {
  const answered = new Set<CampaignErrorKey>();
  for (const field of Object.keys(after) as CampaignField[]) {
    if (field === 'position_labels') {
      for (const p of POSITIONS) if (before.position_labels[p] !== after.position_labels[p]) answered.add(positionLabelField(p));
    } else if (before[field] !== after[field]) {
      answered.add(field);
      // Ticking any tab answers the "at least one tab" error, which sits on the first checkbox.
      if (TAB_FIELDS.includes(field)) answered.add('enable_sign_tab');
      // Other choices offered need other words: saving checks them again.
      if (field === 'position_options') for (const p of POSITIONS) answered.add(positionLabelField(p));
    }
  }
  return answered;
}

/** The errors still to show once the form changes from `before` to `after`: those of the inputs changed go. */
export function errorsAfterChange(errors: CampaignFieldErrors, before: CampaignFormValues, after: CampaignFormValues): CampaignFieldErrors {
  const answered = answeredKeys(before, after);
  const keys = Object.keys(errors) as CampaignErrorKey[];
  if (!keys.some((k) => answered.has(k))) return errors;
  return Object.fromEntries(keys.filter((k) => !answered.has(k)).map((k) => [k, errors[k]]));
}

export type CampaignValidation =
  | { ok: true; request: CampaignRequest }
  | { ok: false; tabsError: true; errors: CampaignFieldErrors }
  | { ok: false; tabsError: false; errors: CampaignFieldErrors };

/**
 * Checks the form before sending: first the spec's 'At least one tab must be enabled' (it blocks
 * saving on its own), then the contract schema the API will apply (create or update), then the
 * Delivery tab's rules across its fields, as the API applies them. `saved` is the campaign as
 * last saved, when editing one.
 */
export function validateCampaignForm(values: CampaignFormValues, mode: 'create' | 'update', saved: AdminCampaign | null = null): CampaignValidation {
  if (!hasEnabledTab(values)) return { ok: false, tabsError: true, errors: { enable_sign_tab: TABS_REQUIRED_MESSAGE } };
  const deadline = deadlineRequestFrom(values, saved);
  const request = campaignRequestFrom(values, deadline.ok ? deadline.value : null);
  const schema = mode === 'update' ? campaignUpdateSchema : campaignCreateSchema;
  const parsed = (schema as z.ZodType<z.output<typeof campaignUpdateSchema>>).safeParse(request);
  const errors: CampaignFieldErrors = parsed.success ? {} : fieldErrorsFrom(parsed.error.issues);
  if (!deadline.ok) errors.comment_deadline ??= deadline.message;
  for (const [key, message] of Object.entries(unwordedErrors(values)) as [CampaignErrorKey, string][]) errors[key] ??= message;
  if (parsed.success && deadline.ok) {
    const next = parsed.data;
    const previous = saved?.comment_deadline ? new Date(saved.comment_deadline) : null;
    const problems = deliveryProblems(
      {
        delivery_recipients: next.delivery_recipients ?? [],
        comment_deadline: next.comment_deadline ?? null,
        delivery_mode: next.delivery_mode ?? 'manual',
        delivery_lead_hours: next.delivery_lead_hours ?? 0,
      },
      previous,
    );
    for (const p of problems) errors[p.field] ??= p.message;
  }
  if (Object.keys(errors).length === 0) return { ok: true, request };
  return { ok: false, tabsError: false, errors };
}
