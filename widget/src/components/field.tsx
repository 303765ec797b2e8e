import { useId, type AllHTMLAttributes, type ReactNode } from 'react';
import { useTexts, useWidget } from './widget-context';

interface FieldProps extends AllHTMLAttributes<HTMLElement> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  control?: 'input' | 'textarea' | 'select';
}

/** A labelled control; its hint and error are tied to it with aria-describedby. */
export function Field({ label, error, hint, optional, control = 'input', children, ...rest }: FieldProps) {
  const id = useId();
  const texts = useTexts();
  const described = [hint ? `${id}h` : '', error ? `${id}e` : ''].filter(Boolean).join(' ');
  const props = {
    id,
    required: !optional,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
    ...rest,
  };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="opt">{texts.optional}</span>}
      </label>
      {control === 'textarea' ? <textarea {...props} /> : control === 'select' ? <select {...props}>{children}</select> : <input {...props} />}
      {hint && (
        <p id={`${id}h`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}e`} className="err">
          {error}
        </p>
      )}
    </div>
  );
}

/** What happens to the supporter's data, next to the button that sends it, with the privacy notice. */
export function DataNote({ children }: { children: ReactNode }) {
  const { base, texts } = useWidget();
  return (
    <p className="note">
      {children}{' '}
      <a href={`${base}/privacy`} target="_blank" rel="noopener noreferrer">
        {texts.privacyNotice}
        <span className="sr">{texts.opensInNewTab}</span>
      </a>
    </p>
  );
}

/**
 * An in-page message screen readers announce (the widget never opens a blocking browser dialog).
 * The live region is always rendered, empty until there is something to say, so the change is heard.
 */
export function Message({ text, bad }: { text: string; bad?: boolean }) {
  return (
    <div role={bad ? 'alert' : 'status'}>
      {text && (
        <p className={`msg ${bad ? 'bad' : 'good'}`} part="message">
          {text}
        </p>
      )}
    </div>
  );
}

/**
 * A field people never see or reach (off screen, out of the tab order, hidden from screen readers)
 * but naive bots fill in: a signature that comes with it filled is thanked and not stored.
 */
export function Honeypot() {
  const texts = useTexts();
  return (
    <div className="sr" aria-hidden="true">
      <label>
        {texts.honeypot}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
