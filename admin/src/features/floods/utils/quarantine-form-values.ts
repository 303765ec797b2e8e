import { quarantineSchema } from '@dais/api/contract';
import type { z } from 'zod';
import { firstErrorByField, type FieldIssue } from '../../../lib/field-errors';
import type { QuarantinePrefill, QuarantineSourceKind } from '../../../lib/quarantine-link';
import { instantFromLocal, localFromInstant } from './local-time';

/** The Quarantine form as typed: the range as datetime-local values, one source, the reason. */
export interface QuarantineFormValues {
  from: string;
  to: string;
  kind: QuarantineSourceKind;
  source: string;
  reason: string;
}

export type QuarantineField = 'from' | 'to' | 'source' | 'reason';
export type QuarantineFieldErrors = Partial<Record<QuarantineField, string>>;
export type QuarantineRequest = z.input<typeof quarantineSchema>;

/**
 * The form a screen opens with: a flood alert's burst (from its start to now), else an empty range
 * ending now; the times as read in `timeZone` (the screen's), else where the admin is.
 */
export function initialQuarantineForm(prefill: QuarantinePrefill | null, now: Date, timeZone?: string): QuarantineFormValues {
  return {
    from: prefill ? localFromInstant(new Date(prefill.from), 'down', timeZone) : '',
    to: localFromInstant(now, 'up', timeZone),
    kind: prefill?.kind ?? 'network',
    source: prefill?.source ?? '',
    reason: '',
  };
}

/** The API's field names onto the form's: either source is the one source field. */
const FORM_FIELD: Record<string, QuarantineField> = { from: 'from', to: 'to', network: 'source', email_domain: 'source', reason: 'reason' };

const isFormField = (key: PropertyKey | undefined): key is QuarantineField => key === 'from' || key === 'to' || key === 'source' || key === 'reason';

/** The first message per form field, from zod's issues or the API's (which name `network` or `email_domain`). */
export function quarantineErrorsFrom(issues: readonly FieldIssue[]): QuarantineFieldErrors {
  const renamed = issues.map((i) => {
    const key = i.field ?? (typeof i.path?.[0] === 'string' ? i.path[0] : undefined);
    const field = key === undefined ? undefined : FORM_FIELD[key.split('.')[0] ?? ''];
    return { field, message: i.message };
  });
  return firstErrorByField(renamed, isFormField);
}

export type QuarantineCheck = { ok: true; request: QuarantineRequest } | { ok: false; errors: QuarantineFieldErrors };

/**
 * The request the form makes, checked with the API's own schema (so its messages are the ones the
 * API would give), or the errors per field. The times go as typed, with the offset of `timeZone`
 * (the screen's) or, without one, the admin's.
 */
export function checkQuarantineForm(values: QuarantineFormValues, timeZone?: string): QuarantineCheck {
  const from = instantFromLocal(values.from, timeZone);
  const to = instantFromLocal(values.to, timeZone);
  const request: QuarantineRequest = {
    from: from ?? '',
    to: to ?? '',
    ...(values.kind === 'network' ? { network: values.source.trim() } : { email_domain: values.source.trim() }),
    reason: values.reason.trim(),
  };
  const errors: QuarantineFieldErrors = {};
  if (from === null) errors.from = values.from.trim() ? `Enter a date and time that exists in ${timeZone ?? 'your time zone'}` : 'Enter the date and time the range starts';
  if (to === null) errors.to = values.to.trim() ? `Enter a date and time that exists in ${timeZone ?? 'your time zone'}` : 'Enter the date and time the range ends';
  const checked = quarantineSchema.safeParse(request);
  const found = { ...(checked.success ? {} : quarantineErrorsFrom(checked.error.issues)), ...errors };
  if (Object.keys(found).length > 0) return { ok: false, errors: found };
  return { ok: true, request };
}
