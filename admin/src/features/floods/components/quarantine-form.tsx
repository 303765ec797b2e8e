/**
 * A new quarantine: the time range (typed in the screen's zone, the campaign's, sent with its offset), one
 * network or e-mail domain, and why. Preview first asks the API what it would take; Quarantine,
 * behind a confirmation, takes exactly what was previewed. Any change to the form makes the
 * preview stale, so it goes.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { QuarantineCounts, QuarantineView } from '@dais/api/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import type { QuarantineSourceKind } from '../../../lib/quarantine-link';
import { createQuarantine } from '../api/create-quarantine';
import { previewQuarantine } from '../api/preview-quarantine';
import { useScreenTimeZone, zoneName } from '../../../lib/time-zone';
import {
  checkQuarantineForm,
  quarantineErrorsFrom,
  type QuarantineField,
  type QuarantineFieldErrors,
  type QuarantineFormValues,
  type QuarantineRequest,
} from '../utils/quarantine-form-values';
import { countsDropText, previewText, rangeText, sourceText } from '../utils/quarantine-text';

const REASON_MAX = 500;
const FIELD_ORDER: QuarantineField[] = ['from', 'to', 'source', 'reason'];

const KINDS: { kind: QuarantineSourceKind; label: string; field: string; hint: string }[] = [
  { kind: 'network', label: 'One network', field: 'Network', hint: 'A /24 like 203.0.113.0/24 or a /64 like 2001:db8:1:2::/64, as the flood alert names it.' },
  { kind: 'domain', label: 'One e-mail domain', field: 'E-mail domain', hint: 'The part after the @, like mailinator.com.' },
];

interface QuarantineFormProps {
  campaignId: number;
  initial: QuarantineFormValues;
  /** A quarantine was made (the page refreshes its list and counts). */
  onQuarantined: (quarantine: QuarantineView) => void;
}

interface Preview {
  request: QuarantineRequest;
  counts: QuarantineCounts;
}

/** The API's messages about this form's fields, or null when the failure is about something else. */
function fieldErrorsOf(error: unknown): QuarantineFieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const issues = [...error.issues, ...(error.field ? [{ field: error.field, message: error.message }] : [])];
  const errors = quarantineErrorsFrom(issues);
  return Object.keys(errors).length > 0 ? errors : null;
}

export function QuarantineForm({ campaignId, initial, onQuarantined }: QuarantineFormProps) {
  const confirm = useConfirm();
  const notify = useNotify();
  const kindHintId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<QuarantineFormValues>(initial);
  const [errors, setErrors] = useState<QuarantineFieldErrors>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'quarantine' | null>(null);
  const timeZone = useScreenTimeZone();
  const kind = KINDS.find((k) => k.kind === values.kind) ?? KINDS[0]!;

  const change = <K extends keyof QuarantineFormValues>(field: K, value: QuarantineFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setPreview(null);
    const errorKey: QuarantineField = field === 'kind' ? 'source' : (field as QuarantineField);
    setErrors((e) => {
      if (!e[errorKey]) return e;
      const rest = { ...e };
      delete rest[errorKey];
      return rest;
    });
  };

  const showErrors = (found: QuarantineFieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const failed = (prefix: string, error: unknown) => {
    const onFields = fieldErrorsOf(error);
    if (onFields) {
      showErrors(onFields);
      return;
    }
    console.error(`${prefix}:`, error);
    notify.error(failureText(prefix, error));
  };

  const runPreview = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkQuarantineForm(values, timeZone);
    if (!checked.ok) {
      setPreview(null);
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy('preview');
    try {
      setPreview({ request: checked.request, counts: await previewQuarantine(campaignId, checked.request) });
    } catch (error) {
      setPreview(null);
      failed('Failed to preview the quarantine', error);
    } finally {
      setBusy(null);
    }
  };

  const quarantine = async () => {
    if (!preview || busy) return;
    const { request, counts } = preview;
    const source = sourceText({ network: request.network ?? null, email_domain: request.email_domain ?? null });
    const ok = await confirm({
      title: 'Quarantine these records?',
      message:
        `${previewText(counts)} They came from ${source}, ${rangeText({ from: request.from, to: request.to }, timeZone)}. ` +
        `${countsDropText(counts)} They leave the admin lists, the exports and the hearing packet too, until you restore them from this page.`,
      confirmLabel: 'Quarantine',
    });
    if (!ok) return;
    setBusy('quarantine');
    try {
      const made = await createQuarantine(campaignId, request);
      setPreview(null);
      onQuarantined(made);
    } catch (error) {
      setPreview(null);
      failed('Failed to quarantine', error);
    } finally {
      setBusy(null);
    }
  };

  const nothing = preview !== null && preview.counts.signatures + preview.counts.letters === 0;
  return (
    <form ref={formRef} className="form-grid quarantine-form" noValidate onSubmit={(e) => void runPreview(e)}>
      <div className="form-row">
        <FormField label="From" hint={`In ${zoneName(timeZone)}.`} error={errors.from}>
          {(p) => <input {...p} type="datetime-local" name="from" value={values.from} onChange={(e) => change('from', e.target.value)} />}
        </FormField>
        <FormField label="To" hint={`In ${zoneName(timeZone)}.`} error={errors.to}>
          {(p) => <input {...p} type="datetime-local" name="to" value={values.to} onChange={(e) => change('to', e.target.value)} />}
        </FormField>
      </div>
      <fieldset className="fieldset quarantine-kinds">
        <legend>Quarantine signatures and letters from</legend>
        <div className="quarantine-kind-choices">
          {KINDS.map((k) => (
            <label key={k.kind} className="quarantine-kind">
              <input type="radio" name="kind" value={k.kind} checked={values.kind === k.kind} aria-describedby={kindHintId} onChange={() => change('kind', k.kind)} />
              {k.label}
            </label>
          ))}
        </div>
        <p id={kindHintId} className="field-hint">
          Only rows from this source inside the range are taken; rows already in another quarantine stay where they are.
        </p>
        <FormField label={kind.field} hint={kind.hint} error={errors.source}>
          {(p) => (
            <input
              {...p}
              name="source"
              autoComplete="off"
              spellCheck={false}
              maxLength={254}
              value={values.source}
              onChange={(e) => change('source', e.target.value)}
            />
          )}
        </FormField>
      </fieldset>
      <FormField label="Reason" hint="Why these are not real supporters, in a few words. The audit log and the list below keep it." error={errors.reason}>
        {(p) => <input {...p} name="reason" autoComplete="off" maxLength={REASON_MAX} value={values.reason} onChange={(e) => change('reason', e.target.value)} />}
      </FormField>
      <div className="button-row">
        <button type="submit" className="button button-secondary" disabled={busy !== null}>
          {busy === 'preview' && <Spinner size="sm" />}
          {busy === 'preview' ? 'Previewing...' : 'Preview'}
        </button>
      </div>
      <div role="status" className="quarantine-preview-status">
        {preview && (
          <div className={nothing ? 'quarantine-preview' : 'quarantine-preview quarantine-preview-found'}>
            <p className="quarantine-preview-text">{previewText(preview.counts)}</p>
            {!nothing && <p className="muted">{countsDropText(preview.counts)}</p>}
          </div>
        )}
      </div>
      {preview && !nothing && (
        <div className="button-row">
          <button type="button" className="button button-danger" disabled={busy !== null} onClick={() => void quarantine()}>
            {busy === 'quarantine' && <Spinner size="sm" />}
            {busy === 'quarantine' ? 'Quarantining...' : 'Quarantine'}
          </button>
        </div>
      )}
    </form>
  );
}
