import { useRef, useState, type FormEvent } from 'react';
import { LIMITS, type PublicCampaign } from '@dais/api/contract';
import { signatureBody, signerOf } from '../signature-request';
import { DataNote, Field, Honeypot, Message } from './field';
import { formValues, useServerForm } from './form-state';
import { PersonFields, type Person } from './person-fields';
import { PositionField } from './position-field';
import { useFocusOnMount, useHeadings, useTexts, useWidget } from './widget-context';

interface SignPanelProps {
  campaign: PublicCampaign;
  /** After a signature: the campaign is reloaded so the count includes it. */
  onSigned: () => void;
  /** Opens the share tab; null when the campaign has no share tab. */
  onShare: (() => void) | null;
  /** Opens the letter tab filled in as this signer; null when the campaign has no letter tab. */
  onWriteLetter: ((signer: Person) => void) | null;
}

export function SignPanel({ campaign, onSigned, onShare, onWriteLetter }: SignPanelProps) {
  const { api, texts } = useWidget();
  const form = useServerForm();
  // Who signed (the address is also the one to confirm from), for the thank-you view.
  const [signed, setSigned] = useState<Person | null>(null);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (form.busy) return;
    const v = formValues(e.currentTarget);
    void form.run(async () => {
      await api.sign(String(campaign.id), signatureBody(campaign.id, v));
      // The form unmounts behind the thank-you view, so Continue brings back an empty one.
      setSigned(signerOf(v));
      onSigned();
    }, texts.signFailed);
  }

  if (signed !== null) {
    return (
      <ThankYou
        confirmAt={campaign.require_confirmation ? signed.email : null}
        onContinue={() => setSigned(null)}
        onShare={onShare}
        writeTo={onWriteLetter && { decisionBody: campaign.decision_body, open: () => onWriteLetter(signed) }}
      />
    );
  }
  return (
    // The bot check starts solving at the supporter's first focus in the form, while they type: a
    // reader who never signs costs the page no hashing and the server no challenge.
    <form ref={form.ref} className="grid" part="form" onSubmit={submit} onInput={form.onInput} onFocus={api.warmBotCheck}>
      <PositionField campaign={campaign} error={form.errors.position} />
      <PersonFields prefix="" errors={form.errors} districts={campaign.districts} />
      <Field
        label={texts.whyImportant}
        name="comment"
        control="textarea"
        rows={3}
        optional
        maxLength={LIMITS.comment.max}
        error={form.errors.comment}
      />
      <label className="check">
        <input type="checkbox" name="is_public" defaultChecked />
        {texts.displayPublicly}
      </label>
      <Honeypot />
      <Message text={form.failure} bad />
      <div>
        <button className="btn wide" type="submit" part="button" disabled={form.busy}>
          {form.busy ? texts.signing : texts.signPetition}
        </button>
        <DataNote>{texts.signDataNote}</DataNote>
      </div>
    </form>
  );
}

interface ThankYouProps {
  /** The address to confirm from, on a campaign that confirms; null when the signature counts now. */
  confirmAt: string | null;
  onContinue: () => void;
  onShare: (() => void) | null;
  /** The next step after signing, on a campaign with a letter tab: a letter to the decision body. */
  writeTo: { decisionBody: string | null; open: () => void } | null;
}

function ThankYou({ confirmAt, onContinue, onShare, writeTo }: ThankYouProps) {
  const [, H] = useHeadings();
  const texts = useTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <div className="center" part="thanks">
      <H ref={heading} tabIndex={-1}>
        {texts.thankYou}
      </H>
      {confirmAt === null ? (
        <p>{texts.signatureAdded}</p>
      ) : (
        <p part="confirm-note">{texts.signatureInbox(confirmAt)}</p>
      )}
      {writeTo && (
        <div className="next-step">
          <button className="btn wide" type="button" onClick={writeTo.open}>
            {texts.writeTo(writeTo.decisionBody)}
          </button>
          <p className="hint">{texts.writeToHint}</p>
        </div>
      )}
      <div className="actions">
        {/* A lesser action than 'Write to ...' and Share: not filled, not outlined (issue 22). */}
        <button className="btn quiet" type="button" onClick={onContinue}>
          {texts.continue}
        </button>
        {onShare && (
          <button className="btn alt" type="button" onClick={onShare}>
            {texts.share}
          </button>
        )}
      </div>
    </div>
  );
}
