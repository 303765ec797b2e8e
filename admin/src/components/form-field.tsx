/**
 * A labelled form control with an optional hint and error, wired for screen readers: the control
 * gets the id the label points at, aria-describedby naming the hint and the error, and
 * aria-invalid while the error shows. The control itself is the caller's (input, select, textarea):
 *
 *   <FormField label="Title" error={errors.title}>{(p) => <input {...p} value={..} onChange={..} />}</FormField>
 */
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FormFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

export function FormField({ label, hint, error, optional, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The contract's limit: the browser stops typing there, the schema says so if pasted. */
  maxLength?: number | undefined;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** For one-line inputs: 'text' unless the value is a date or an address. */
  type?: 'text' | 'date' | 'datetime-local' | 'url' | 'email';
  hint?: ReactNode;
  error?: string | undefined;
  optional?: boolean;
}

/** A text input or text area bound to one form value. */
export function TextField({ label, name, value, onChange, maxLength, rows, type = 'text', hint, error, optional }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} optional={optional}>
      {(p) =>
        rows ? (
          <textarea {...p} name={name} rows={rows} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...p} name={name} type={type} maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </FormField>
  );
}

interface WholeNumberFieldProps {
  label: ReactNode;
  name: string;
  /** As typed: parsing (and "a non-numeric entry becomes 0") is the form's business. */
  value: string;
  min: number;
  max: number;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | undefined;
  inputClassName?: string;
}

/** A whole-number input (goals, display order): numeric keyboard, step 1, the contract's bounds. */
export function WholeNumberField({ label, name, value, min, max, onChange, hint, error, inputClassName }: WholeNumberFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          name={name}
          type="number"
          inputMode="numeric"
          className={inputClassName}
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  hint?: ReactNode;
  /** Further ids to read with the checkbox (a group's error). */
  describedBy?: string | undefined;
  disabled?: boolean;
}

/** A checkbox with its label beside it and an optional hint under it. */
export function CheckboxField({ label, checked, onChange, name, hint, describedBy, disabled }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const described = [hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="check-field">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
