import { useCallback, useState, type RefObject } from 'react';
import { ApiError } from '../../../lib/api';
import { useNotify } from '../../../lib/notify';
import {
  messagePointErrorsFrom,
  REQUIRED_MESSAGE,
  validateMessagePointForm,
  type MessagePointErrors,
  type MessagePointFormValues,
  type MessagePointRequest,
} from '../utils/message-point-form';
import { focusFirstError } from './focus-first-error';

/** Form values and their errors; changing a field clears its error. */
export function useMessagePointForm(initial: () => MessagePointFormValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<MessagePointErrors>({});
  const onChange = useCallback(<K extends keyof MessagePointFormValues>(field: K, value: MessagePointFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!e[field]) return e;
      const rest = { ...e };
      delete rest[field];
      return rest;
    });
  }, []);
  const notify = useNotify();
  /**
   * The request to send, or null after showing why not: the errors by their fields, the spec's
   * 'Category and talking points are required' notice when that is the reason, focus on the first.
   */
  const requestOrShowErrors = (form: RefObject<HTMLFormElement | null>): MessagePointRequest | null => {
    const checked = validateMessagePointForm(values);
    if (checked.ok) return checked.request;
    setErrors(checked.errors);
    if (checked.required) notify.error(REQUIRED_MESSAGE);
    focusFirstError(form.current, checked.errors);
    return null;
  };
  /** The server refused fields the form let through: show its messages by their fields. */
  const showServerErrors = (error: unknown, form: RefObject<HTMLFormElement | null>) => {
    if (!(error instanceof ApiError) || error.issues.length === 0) return;
    const found = messagePointErrorsFrom(error.issues);
    setErrors(found);
    focusFirstError(form.current, found);
  };
  return { values, setValues, errors, setErrors, onChange, requestOrShowErrors, showServerErrors };
}
