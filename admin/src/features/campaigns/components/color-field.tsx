import { FormField } from '../../../components/form-field';
import { isHexColor } from '../utils/contrast';

interface ColorFieldProps {
  name: string;
  label: string;
  value: string;
  /** What the picker shows while the text field holds something that is not a colour yet. */
  fallback: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A colour as a picker and a text field kept in sync: the picker writes '#rrggbb' into the text;
 * typing a valid colour moves the picker; a half-typed value leaves the picker where it was.
 */
export function ColorField({ name, label, value, fallback, error, onChange }: ColorFieldProps) {
  const pickerValue = isHexColor(value) ? value.trim().toLowerCase() : fallback;
  return (
    <FormField label={label} error={error}>
      {(p) => (
        <div className="color-input">
          <input
            type="color"
            className="color-swatch"
            aria-label={`${label} picker`}
            value={pickerValue}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            {...p}
            name={name}
            type="text"
            className="color-text"
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            maxLength={7}
            placeholder="#rrggbb"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </FormField>
  );
}
