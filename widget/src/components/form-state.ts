import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, failureText, issueText } from '../api';
import { useTexts } from './widget-context';

/** The values of a form's named controls as strings (unchecked boxes are absent). */
export const formValues = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as Record<string, string>;

/**
 * A form that sends to the API: busy flag, the failure text (server's or the spec's fallback) and
 * the server's per-field issues. After a failure, focus moves to the first field the server refused.
 */
export function useServerForm() {
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const texts = useTexts();

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function run(action: () => Promise<void>, fallback: string) {
    setBusy(true);
    setFailure('');
    setErrors({});
    try {
      await action();
    } catch (e) {
      setFailure(failureText(e, fallback, texts));
      setErrors(Object.fromEntries((e instanceof ApiError ? e.issues : []).map((i) => [i.field, issueText(i, texts)])));
    }
    setBusy(false);
  }

  /** Typing in a field clears the server's complaint about it. */
  function onInput(e: FormEvent<HTMLFormElement>) {
    const name = (e.target as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  return { ref, errors, failure, busy, run, onInput };
}
