import { useCallback, useState } from 'react';
import type { MessagePointErrors, MessagePointFormValues } from '../utils/message-point-form';

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
  return { values, setValues, errors, setErrors, onChange };
}
