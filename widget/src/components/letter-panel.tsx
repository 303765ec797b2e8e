import { useEffect, useId, useState, type FormEvent } from 'react';
import { LIMITS, PERSPECTIVE_OPTIONS, type PublicCampaign, type PublicMessagePoint } from '@dais/api/contract';
import { generateLetterBody, toLetterData, type LetterData, type LetterFormValues } from '../letter-data';
import { DataNote, Field, Message } from './field';
import { formValues, useServerForm } from './form-state';
import { PersonFields, type Person } from './person-fields';
import { useWidget } from './widget-context';

interface LetterPanelProps {
  campaign: PublicCampaign;
  points: PublicMessagePoint[];
  onGenerated: (letter: LetterData) => void;
  /** Filled in as the supporter who just signed (the thank-you's "Write to ..."). */
  start?: Person | null;
}

export function LetterPanel({ campaign, points, onGenerated, start }: LetterPanelProps) {
  const { api } = useWidget();
  // The bot check starts solving as the form appears, while the supporter types.
  useEffect(() => api.warmBotCheck(), [api]);
  const form = useServerForm();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Until the supporter has ticked a point or tried to generate, the rule is a hint, not an error.
  const [touched, setTouched] = useState(false);
  const [noteLength, setNoteLength] = useState(0);
  const pointsHint = useId();
  // Hidden points are pre-selected: never listed, always sent.
  const visible = points.filter((p) => p.is_hidden_preselected !== 1);
  const hiddenIds = points.filter((p) => p.is_hidden_preselected === 1).map((p) => p.id);
  const canGenerate = visible.length === 0 || selected.size > 0;

  const toggle = (id: number) => {
    setTouched(true);
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!canGenerate) setTouched(true);
    if (form.busy || !canGenerate) return;
    const v = formValues(e.currentTarget) as unknown as LetterFormValues;
    const ids = [...hiddenIds, ...visible.filter((p) => selected.has(p.id)).map((p) => p.id)];
    void form.run(async () => {
      const generated = await api.generateLetter(String(campaign.id), generateLetterBody(campaign, v, ids));
      onGenerated(toLetterData(generated, v, ids));
    }, 'Failed to generate letter');
  }

  return (
    <form
      ref={form.ref}
      className="grid"
      part="form"
      onSubmit={submit}
      onInput={(e) => {
        form.onInput(e);
        const t = e.target as HTMLTextAreaElement;
        if (t.name === 'personal_note') setNoteLength(t.value.length);
      }}
    >
      <PersonFields prefix="supporter_" errors={form.errors} start={start} />
      <Field
        label="Your Perspective"
        name="perspective"
        control="select"
        defaultValue=""
        hint="This determines your opening voice and local connection in the letter."
        error={form.errors.perspective}
      >
        <option value="" disabled>
          Select your perspective
        </option>
        {PERSPECTIVE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Field>
      {visible.length > 0 ? (
        <fieldset aria-describedby={canGenerate ? undefined : pointsHint}>
          <legend>Message Points</legend>
          {visible.map((p) => (
            <label key={p.id} className="check">
              <input type="checkbox" checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
              <span>
                <b>{p.category}</b>
                {p.talking_points}
              </span>
            </label>
          ))}
          {!canGenerate && (
            <p id={pointsHint} className={touched ? 'err' : 'hint'}>
              Please select at least one message point.
            </p>
          )}
        </fieldset>
      ) : (
        <p className="muted">
          No additional message points available for this campaign. A letter will be generated using the campaign's core
          messaging.
        </p>
      )}
      <Field
        label="In your own words"
        name="personal_note"
        control="textarea"
        rows={3}
        optional
        maxLength={LIMITS.personalNote.max}
        hint={`A sentence about why this matters to you makes your letter count. ${noteLength} of ${LIMITS.personalNote.max} characters.`}
        error={form.errors.personal_note}
      />
      <Message text={form.failure} bad />
      <div>
        <button className="btn wide" type="submit" part="button" disabled={form.busy || !canGenerate}>
          {form.busy ? 'Generating Letter...' : 'Generate Letter'}
        </button>
        <DataNote>
          Nothing is sent yet: you review the letter first. Once submitted it goes to the decision body and may become
          public record.
        </DataNote>
      </div>
    </form>
  );
}
