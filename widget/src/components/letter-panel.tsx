import { useId, useState, type FormEvent } from 'react';
import { formatCountIn, LIMITS, PERSPECTIVES, type PublicCampaign, type PublicMessagePoint } from '@dais/api/contract';
import { generateLetterBody, toLetterData, type LetterData, type LetterFormValues } from '../letter-data';
import { DataNote, Field, Message } from './field';
import { formValues, useServerForm } from './form-state';
import { PersonFields, type Person } from './person-fields';
import { PositionField } from './position-field';
import { useWidget } from './widget-context';

interface LetterPanelProps {
  campaign: PublicCampaign;
  points: PublicMessagePoint[];
  onGenerated: (letter: LetterData) => void;
  /** Filled in as the supporter who just signed (the thank-you's "Write to ..."). */
  start?: Person | null;
}

export function LetterPanel({ campaign, points, onGenerated, start }: LetterPanelProps) {
  const { api, texts } = useWidget();
  const form = useServerForm();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Until the supporter has ticked a point or tried to generate, the rule is a hint, not an error.
  const [touched, setTouched] = useState(false);
  const [noteLength, setNoteLength] = useState(Math.min(start?.comment?.length ?? 0, LIMITS.personalNote.max));
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
    }, texts.generateFailed);
  }

  return (
    <form
      ref={form.ref}
      className="grid"
      part="form"
      // As on the sign form: the bot check starts at the first focus in the form.
      onFocus={api.warmBotCheck}
      onSubmit={submit}
      onInput={(e) => {
        form.onInput(e);
        const t = e.target as HTMLTextAreaElement;
        if (t.name === 'personal_note') setNoteLength(t.value.length);
      }}
    >
      <PositionField campaign={campaign} error={form.errors.position} start={start?.position} />
      <PersonFields prefix="supporter_" errors={form.errors} start={start} districts={campaign.districts} />
      <Field
        label={texts.yourPerspective}
        name="perspective"
        control="select"
        defaultValue=""
        hint={texts.perspectiveHint}
        error={form.errors.perspective}
      >
        <option value="" disabled>
          {texts.selectPerspective}
        </option>
        {PERSPECTIVES.map((value) => (
          <option key={value} value={value}>
            {texts.perspectives[value]}
          </option>
        ))}
      </Field>
      {visible.length > 0 ? (
        <fieldset aria-describedby={canGenerate ? undefined : pointsHint}>
          <legend>{texts.messagePoints}</legend>
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
              {texts.selectOnePoint}
            </p>
          )}
        </fieldset>
      ) : (
        <p className="muted">{texts.noPoints}</p>
      )}
      <Field
        label={texts.ownWords}
        name="personal_note"
        control="textarea"
        rows={3}
        optional
        maxLength={LIMITS.personalNote.max}
        // A signer's comment is their own words already: the letter starts from it.
        defaultValue={start?.comment?.slice(0, LIMITS.personalNote.max)}
        hint={texts.ownWordsHint(formatCountIn(texts, noteLength), formatCountIn(texts, LIMITS.personalNote.max))}
        error={form.errors.personal_note}
      />
      <Message text={form.failure} bad />
      <div>
        <button className="btn wide" type="submit" part="button" disabled={form.busy || !canGenerate}>
          {form.busy ? texts.generating : texts.generateLetter}
        </button>
        <DataNote>{texts.letterDataNote}</DataNote>
      </div>
    </form>
  );
}
