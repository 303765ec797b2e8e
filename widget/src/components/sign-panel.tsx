import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONFIRMATION_TEXTS, LIMITS, type PublicCampaign } from '@dais/api/contract';
import { signatureBody } from '../signature-request';
import { DataNote, Field, Honeypot, Message } from './field';
import { formValues, useServerForm } from './form-state';
import { PersonFields } from './person-fields';
import { useFocusOnMount, useHeadings, useWidget } from './widget-context';

interface SignPanelProps {
  campaign: PublicCampaign;
  /** After a signature: the campaign is reloaded so the count includes it. */
  onSigned: () => void;
  /** Opens the share tab; null when the campaign has no share tab. */
  onShare: (() => void) | null;
}

export function SignPanel({ campaign, onSigned, onShare }: SignPanelProps) {
  const { api } = useWidget();
  const form = useServerForm();
  // The address the signature was sent with, for the thank-you that asks to confirm it.
  const [signed, setSigned] = useState<string | null>(null);
  // The bot check starts solving as the form appears, while the supporter types.
  useEffect(() => api.warmBotCheck(), [api]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (form.busy) return;
    const v = formValues(e.currentTarget);
    void form.run(async () => {
      await api.sign(String(campaign.id), signatureBody(campaign.id, v));
      // The form unmounts behind the thank-you view, so Continue brings back an empty one.
      setSigned(v.email ?? '');
      onSigned();
    }, 'Failed to sign petition');
  }

  if (signed !== null) {
    return <ThankYou confirmAt={campaign.require_confirmation ? signed.trim() : null} onContinue={() => setSigned(null)} onShare={onShare} />;
  }
  return (
    <form ref={form.ref} className="grid" part="form" onSubmit={submit} onInput={form.onInput}>
      <PersonFields prefix="" errors={form.errors} />
      <Field
        label="Why is this campaign important to you?"
        name="comment"
        control="textarea"
        rows={3}
        optional
        maxLength={LIMITS.comment.max}
        error={form.errors.comment}
      />
      <label className="check">
        <input type="checkbox" name="is_public" defaultChecked />
        Display my name publicly as a supporter
      </label>
      <Honeypot />
      <Message text={form.failure} bad />
      <div>
        <button className="btn wide" type="submit" part="button" disabled={form.busy}>
          {form.busy ? 'Signing...' : 'Sign Petition'}
        </button>
        <DataNote>Your signature and address are kept by the campaign and may be presented to the decision body.</DataNote>
      </div>
    </form>
  );
}

interface ThankYouProps {
  /** The address to confirm from, on a campaign that confirms; null when the signature counts now. */
  confirmAt: string | null;
  onContinue: () => void;
  onShare: (() => void) | null;
}

function ThankYou({ confirmAt, onContinue, onShare }: ThankYouProps) {
  const [, H] = useHeadings();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <div className="center" part="thanks">
      <H ref={heading} tabIndex={-1}>
        Thank You!
      </H>
      {confirmAt === null ? (
        <p>Your signature has been added to the petition. Together, we can make a difference!</p>
      ) : (
        <p part="confirm-note">{CONFIRMATION_TEXTS.signatureInbox(confirmAt)}</p>
      )}
      <div className="actions">
        <button className="btn" type="button" onClick={onContinue}>
          Continue
        </button>
        {onShare && (
          <button className="btn alt" type="button" onClick={onShare}>
            Share
          </button>
        )}
      </div>
    </div>
  );
}
