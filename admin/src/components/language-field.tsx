import type { ReactNode } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@dais/api/contract';
import { FormField } from './form-field';

interface LanguageFieldProps {
  label: string;
  hint: ReactNode;
  value: Language;
  error?: string | undefined;
  onChange: (language: Language) => void;
}

/** A choice of the languages supporters can be written to in, each named in itself ('Español'). */
export function LanguageField({ label, hint, value, error, onChange }: LanguageFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(p) => (
        <select {...p} name="language" className="input-short" value={value} onChange={(e) => onChange(e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
