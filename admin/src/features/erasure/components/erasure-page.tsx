import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, type ErasurePreview } from '@dais/api/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { usePageTitle } from '../../../lib/use-page-title';
import { eraseSupporter } from '../api/erase-supporter';
import { previewErasure, previewErasureInput } from '../api/preview-erasure';
import { erasureResultText, eraseLabel, formsText, mailsText } from '../utils/erasure-text';
import { ErasureRecords } from './erasure-records';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { browserZone } from '../../../lib/time-zone';
import './erasure.css';

/** The API's message about the e-mail field, when it refused the address; null for any other failure. */
function emailError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.field === 'email') return error.message;
  return error.issues.find((i) => i.field === 'email')?.message ?? null;
}

/**
 * /admin/erasure: erasure on request. Find every record that holds one address, then erase them
 * after a confirmation. The preview is looked up again afterwards, so the page shows what is left.
 */
export function ErasurePage() {
  usePageTitle('Erase a Supporter');
  const confirm = useConfirm();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [finding, setFinding] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [preview, setPreview] = useState<ErasurePreview | null>(null);
  const [result, setResult] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  // Where focus goes once the next render is on screen: the records found, or what an erasure did.
  const focusNext = useRef<'preview' | 'result' | null>(null);

  useEffect(() => {
    const target = focusNext.current === 'preview' ? headingRef.current : focusNext.current === 'result' ? resultRef.current : null;
    focusNext.current = null;
    target?.focus();
  }, [preview, result]);

  const failed = (prefix: string, e: unknown) => {
    const onField = emailError(e);
    if (onField) {
      setError(onField);
      inputRef.current?.focus();
      return;
    }
    console.error(`${prefix}:`, e);
    notify.error(failureText(prefix, e));
  };

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (finding || erasing) return;
    const checked = previewErasureInput.safeParse({ email });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setFinding(true);
    try {
      const found = await previewErasure({ email });
      setResult('');
      setPreview(found);
      focusNext.current = 'preview';
    } catch (e) {
      failed('Failed to find records', e);
    } finally {
      setFinding(false);
    }
  };

  const erase = async () => {
    const label = preview && eraseLabel(preview);
    if (!preview || !label || erasing) return;
    const ok = await confirm({
      title: 'Erase these records?',
      message:
        `Everything listed for ${preview.email}${preview.addresses.length > 1 ? ' and the other forms of it' : ''} is erased on every campaign, ` +
        'and the e-mails Dais sent to it are blanked. Letters already sent to the decision body are erased here, but the copy they were sent ' +
        'cannot be recalled. This cannot be undone.',
      confirmLabel: label,
    });
    if (!ok) return;
    setErasing(true);
    try {
      const erased = await eraseSupporter({ email: preview.email });
      setResult(erasureResultText(erased));
      focusNext.current = 'result';
      try {
        setPreview(await previewErasure({ email: preview.email }));
      } catch (e) {
        setPreview(null);
        console.error('Failed to look the address up again:', e);
        notify.error(failureText('The records were erased, but the list could not be refreshed', e));
      }
    } catch (e) {
      failed('Failed to erase the records', e);
    } finally {
      setErasing(false);
    }
  };

  const label = preview && eraseLabel(preview);
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Erase a Supporter</h1>
          <p>
            When someone asks Dais to forget them, find every signature and letter that holds their e-mail address, on every campaign, and
            erase them. The audit log records how many records went, never whose they were.
          </p>
          <TimeZoneNote zone={browserZone()} />
        </div>
      </div>
      <section className="card" aria-label="Find records">
        <form className="erasure-form" noValidate onSubmit={(e) => void find(e)}>
          <FormField label="Supporter's e-mail address" hint="As the person gave it; capitals do not matter." error={error}>
            {(p) => (
              <input
                {...p}
                ref={inputRef}
                type="email"
                name="email"
                autoComplete="off"
                spellCheck={false}
                maxLength={LIMITS.email.max}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="button button-primary" disabled={finding}>
            {finding && <Spinner size="sm" />}
            {finding ? 'Finding...' : 'Find records'}
          </button>
        </form>
      </section>
      <div role="status" className="erasure-status">
        {result && (
          <p ref={resultRef} tabIndex={-1} className="notice erasure-result">
            {result}
          </p>
        )}
      </div>
      {preview && (
        <section className="card section erasure-preview" aria-labelledby="erasure-preview-title">
          <h2 id="erasure-preview-title" ref={headingRef} tabIndex={-1}>
            Records holding {preview.email}
          </h2>
          {formsText(preview) && <p className="erasure-forms">{formsText(preview)}</p>}
          {preview.records.length === 0 ? (
            <p>No signature or letter holds this address.</p>
          ) : (
            <ErasureRecords records={preview.records} labelledBy="erasure-preview-title" />
          )}
          <p className="muted erasure-mails">{mailsText(preview.mails)}</p>
          {label && (
            <div className="erasure-actions">
              <button type="button" className="button button-danger" disabled={erasing} onClick={() => void erase()}>
                {erasing && <Spinner size="sm" />}
                {erasing ? 'Erasing...' : label}
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
