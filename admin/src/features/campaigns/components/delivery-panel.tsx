/**
 * The form's Delivery tab: how letters reach the decision body. The deadline is typed as
 * wall-clock time where the decision body sits (the campaign's time zone), whatever zone the
 * organiser's computer is in, and the line under it says exactly which moment that is.
 */
import { useId, useMemo } from 'react';
import { DELIVERY_LIMITS, canonicalTimeZone, formatInZone, instantFromWallTime, type DeliveryMode } from '@dais/api/contract';
import { CheckboxField, FormField, TextField, WholeNumberField } from '../../../components/form-field';
import type { CampaignPanelProps } from './campaign-form-props';
import './delivery.css';

const MODES: { mode: DeliveryMode; label: string; hint: (lead: string) => string }[] = [
  {
    mode: 'packet',
    label: 'One packet before the deadline',
    hint: (lead) =>
      `One e-mail with the hearing packet (a PDF of every letter and a CSV report), sent automatically ${lead || 'some'} hours before the deadline. Letters that arrive after it follow in a second e-mail at the deadline.`,
  },
  {
    mode: 'each',
    label: 'Each letter as it is submitted',
    hint: () => 'Every letter is e-mailed to the recipients the moment a supporter submits it.',
  },
  {
    mode: 'manual',
    label: 'Manual',
    hint: () => 'Nothing is sent automatically: send the packet from this page when you are ready.',
  },
];

/** Every zone the browser knows, for the time zone field's suggestions. */
function useTimeZones(): string[] {
  return useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
}

export function DeliveryPanel({ values, errors, onChange }: CampaignPanelProps) {
  const zones = useTimeZones();
  const zonesId = useId();
  const modeHintId = useId();
  const zone = canonicalTimeZone(values.time_zone.trim());
  const at = values.comment_deadline && zone ? instantFromWallTime(values.comment_deadline, zone) : null;

  return (
    <div className="form-grid delivery-panel">
      <fieldset className="fieldset" aria-describedby={errors.delivery_mode ? modeHintId : undefined}>
        <legend>How letters reach the decision body</legend>
        {MODES.map(({ mode, label, hint }) => (
          <ModeChoice
            key={mode}
            mode={mode}
            label={label}
            hint={hint(values.delivery_lead_hours)}
            checked={values.delivery_mode === mode}
            onChoose={() => onChange('delivery_mode', mode)}
          />
        ))}
        {errors.delivery_mode && (
          <p id={modeHintId} className="field-error">
            {errors.delivery_mode}
          </p>
        )}
      </fieldset>

      <TextField
        label="Recipients"
        name="delivery_recipients"
        rows={3}
        optional={values.delivery_mode === 'manual'}
        hint={`The clerk's e-mail address, or up to ${DELIVERY_LIMITS.recipients.max}, one per line. Supporters are told the decision body's name, never these addresses.`}
        value={values.delivery_recipients}
        error={errors.delivery_recipients}
        onChange={(v) => onChange('delivery_recipients', v)}
      />

      <div className="form-row">
        <TextField
          label="Written-comment deadline"
          name="comment_deadline"
          type="datetime-local"
          optional={values.delivery_mode !== 'packet'}
          hint={at?.ok ? `That is ${formatInZone(at.instant, zone!)}.` : 'The last moment the decision body accepts written comments, in the time zone beside it.'}
          value={values.comment_deadline}
          error={errors.comment_deadline}
          onChange={(v) => onChange('comment_deadline', v)}
        />
        <FormField label="Time zone" hint="Where the decision body meets, for example America/Chicago." error={errors.time_zone}>
          {(p) => (
            <input
              {...p}
              name="time_zone"
              list={zonesId}
              autoComplete="off"
              spellCheck={false}
              value={values.time_zone}
              onChange={(e) => onChange('time_zone', e.target.value)}
            />
          )}
        </FormField>
        <datalist id={zonesId}>
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </div>

      {values.delivery_mode === 'packet' && (
        <WholeNumberField
          label="Send the packet this many hours before the deadline"
          name="delivery_lead_hours"
          min={DELIVERY_LIMITS.leadHours.min}
          max={DELIVERY_LIMITS.leadHours.max}
          hint="Time for the clerk to file it, and for a retry if the mail server is down. 0 sends it at the deadline."
          value={values.delivery_lead_hours}
          error={errors.delivery_lead_hours}
          onChange={(v) => onChange('delivery_lead_hours', v)}
        />
      )}

      <fieldset className="fieldset">
        <legend>The hearing packet&apos;s CSV</legend>
        <CheckboxField
          name="packet_csv_contacts"
          label="List each writer's e-mail, street address and phone in the CSV"
          checked={values.packet_csv_contacts}
          onChange={(checked) => onChange('packet_csv_contacts', checked)}
          hint="The CSV is for the clerk to verify the comments, and its first line says it is not for publication. Untick this if the clerk does not need to reach the writers: the CSV you download and the one e-mailed then leave these out. The PDF never shows them."
        />
      </fieldset>
    </div>
  );
}

/** One mode: a radio named by its label alone, its explanation read as its description. */
function ModeChoice({ mode, label, hint, checked, onChoose }: { mode: DeliveryMode; label: string; hint: string; checked: boolean; onChoose: () => void }) {
  const id = useId();
  return (
    <div className="delivery-mode">
      <input id={id} type="radio" name="delivery_mode" value={mode} checked={checked} aria-describedby={`${id}-hint`} onChange={onChoose} />
      <div>
        <label htmlFor={id} className="delivery-mode-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      </div>
    </div>
  );
}
