import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_SUCCESS_MESSAGE, isPersonal, LIMITS, PERSPECTIVES, type LetterReceipt, type Perspective, type PublicCampaign, type SuccessMessage } from '@dais/api/contract';
import { failureText, logError } from '../api';
import { deliveryText } from '../delivery-text';
import { submitLetterBody, type LetterData } from '../letter-data';
import { DataNote, Message } from './field';
import { useHeadings, useWidget } from './widget-context';

interface LetterReviewProps {
  letter: LetterData;
  /** 'Back to Campaigns' / 'Return to Campaigns'; `submitted` says whether the letter went out. */
  onBack: (submitted: boolean) => void;
  /** On Dais's own site 'Back to Campaigns' is a link (to /); inside a host page it is a button. */
  backHref?: string | undefined;
}

/** SPEC.md "Letter review": review, edit, copy, download, submit, then the success screen. */
export function LetterReview({ letter, onBack, backHref }: LetterReviewProps) {
  const { api, container, texts } = useWidget();
  const [T] = useHeadings();
  const [content, setContent] = useState(letter.letter_content);
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState<LetterReceipt | null>(null);
  const [message, setMessage] = useState({ text: '', bad: false });
  const [success, setSuccess] = useState<SuccessMessage>(DEFAULT_SUCCESS_MESSAGE);
  // How the letter reaches the decision body, said on the success screen.
  const [campaign, setCampaign] = useState<PublicCampaign | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const editorId = useId();
  const editing = draft !== null;
  const shown = draft ?? content;
  // Whether the letter as saved carries enough of the writer's own words: the API's rule, here as they read.
  const personal = isPersonal(content, letter.letter_content, letter.personal_note);
  const say = (text: string, bad = false) => setMessage({ text, bad });

  // Submitting needs a bot-check solution of its own: solving starts while the letter is read.
  useEffect(() => api.warmBotCheck(), [api]);
  useEffect(() => {
    api.successMessage().then(setSuccess, (e: unknown) => logError('the success message could not be loaded', e));
  }, [api]);
  // Read here, not taken from the campaign view: the review page may have been opened on its own.
  useEffect(() => {
    api.campaign(String(letter.campaign_id)).then(setCampaign, (e: unknown) =>
      logError('the campaign could not be loaded to say how the letter is delivered', e),
    );
  }, [api, letter.campaign_id]);
  useEffect(() => heading.current?.focus(), [submitted]);
  const wasEditing = useRef(false);
  useEffect(() => {
    (editing ? editor : wasEditing.current ? editButton : { current: null }).current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(shown);
    } catch {
      if (!copyBySelection(shown, container)) {
        say(texts.copyBlocked, true);
        return;
      }
    }
    say(texts.copied);
  }

  const pdfPending = useRef(false);
  async function download() {
    // One PDF per press: a letter in another script waits for its fonts, and a second press would save it twice.
    if (pdfPending.current) return;
    pdfPending.current = true;
    say('');
    try {
      const { downloadLetterPdf, needsEmbeddedFonts } = await import('../pdf');
      if (needsEmbeddedFonts(shown)) say(texts.preparingPdf);
      await downloadLetterPdf(shown, letter.campaign_title, container, texts);
      say('');
    } catch (e) {
      logError('the PDF could not be created', e);
      say(texts.pdfFailed, true);
    }
    pdfPending.current = false;
  }

  async function submit() {
    if (busy || editing) return;
    setBusy(true);
    say('');
    try {
      setSubmitted(await api.submitLetter(String(letter.campaign_id), submitLetterBody(letter, content)));
    } catch (e) {
      say(failureText(e, texts.submitFailed, texts), true);
    }
    setBusy(false);
  }

  if (submitted) {
    const delivery = campaign && deliveryText(campaign, texts, new Date(), submitted);
    // The organiser's own success message as typed; the default one in the supporter's language.
    const unchanged = success.title === DEFAULT_SUCCESS_MESSAGE.title && success.description === DEFAULT_SUCCESS_MESSAGE.description;
    const shownSuccess = unchanged ? { title: texts.successTitle, description: texts.successText } : success;
    return (
      <div className="center" part="success">
        <T ref={heading} tabIndex={-1} className="title">
          {shownSuccess.title}
        </T>
        <p>{shownSuccess.description}</p>
        {campaign?.require_confirmation && (
          <p className="delivery" part="confirm-note">
            {texts.letterInbox(letter.supporter_email)}
          </p>
        )}
        {delivery && (
          <p className="delivery" part="delivery">
            {delivery}
          </p>
        )}
        <div className="actions">
          <button className="btn" type="button" onClick={() => onBack(true)}>
            {texts.returnToCampaigns}
          </button>
          <button className="btn alt" type="button" onClick={download}>
            {texts.downloadCopy}
          </button>
        </div>
        <Message {...message} />
      </div>
    );
  }

  return (
    <div part="review">
      {backHref ? (
        <a className="back" href={backHref}>
          {texts.backToCampaigns}
        </a>
      ) : (
        <button className="back" type="button" onClick={() => onBack(false)}>
          {texts.backToCampaigns}
        </button>
      )}
      <T ref={heading} tabIndex={-1} className="title">
        {texts.reviewTitle}
      </T>
      <div className="banner" part="banner">
        <p className="title">{letter.campaign_title}</p>
        <p>
          <strong>{texts.from}</strong> {letter.supporter_name}
        </p>
        <p>
          <strong>{texts.perspective}</strong> {perspectiveIn(texts.perspectives, letter.perspective)}
        </p>
      </div>
      {/* Said again after an edit that changes it. */}
      <p part="personal" className={personal ? 'personal' : undefined} aria-live="polite">
        {personal ? texts.personalLetter : texts.notPersonalLetter}
      </p>
      <div className="actions" part="actions">
        {editing ? (
          <>
            <button
              className="btn"
              type="button"
              onClick={() => {
                setContent(shown);
                setDraft(null);
              }}
            >
              {texts.saveChanges}
            </button>
            <button className="btn alt" type="button" onClick={() => setDraft(null)}>
              {texts.cancel}
            </button>
          </>
        ) : (
          <button ref={editButton} className="btn alt" type="button" onClick={() => setDraft(content)}>
            {texts.editLetter}
          </button>
        )}
        <button className="btn alt" type="button" onClick={copy}>
          {texts.copy}
        </button>
        <button className="btn alt" type="button" onClick={download}>
          {texts.download}
        </button>
      </div>
      <Message {...message} />
      {editing ? (
        <div className="field">
          <label htmlFor={editorId}>{texts.editYourLetter}</label>
          <textarea
            ref={editor}
            id={editorId}
            className="letter"
            value={draft}
            maxLength={LIMITS.letterContent.max}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
      ) : (
        <div className="letter" part="letter">
          {content.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      )}
      <p className="note">{texts.onePageNote}</p>
      <button className="btn wide" type="button" part="button" disabled={busy || editing} onClick={submit}>
        {busy ? texts.submitting : texts.submitLetter}
      </button>
      <DataNote>{texts.submitDataNote}</DataNote>
    </div>
  );
}

/** A letter's perspective as the supporter reads it; a value from an older page, as it came. */
const perspectiveIn = (labels: Record<Perspective, string>, value: string) =>
  (PERSPECTIVES as readonly string[]).includes(value) ? labels[value as Perspective] : value;

/** Clipboard API refused (an iframe without permission, an old browser): copy through a selection. */
function copyBySelection(text: string, container: Node): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  container.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}
