import { POSITION_LABEL_MAX, positionName, positionsOffered, type Position, type PositionOptions } from '@dais/api/contract';
import { CheckboxField, FormField, TextField } from '../../../components/form-field';
import { positionLabelField } from '../utils/campaign-form-values';
import type { CampaignPanelProps } from './campaign-form-props';

const OPTIONS: { value: PositionOptions; label: string }[] = [
  { value: 'none', label: "Don't ask a position" },
  { value: 'support_oppose', label: 'Support or oppose' },
  { value: 'support_oppose_neutral', label: 'Support, oppose or neutral' },
];

const EXAMPLE: Record<Position, string> = {
  support: 'Keep the park public',
  oppose: 'Allow the rezoning',
  neutral: 'No view on the rezoning',
};

/**
 * Basic Info's position (issue 24): which choices the sign and letter forms ask for, the
 * organiser's words for each offered one, and whether the widget shows counts by position. The
 * wordings of choices not offered stay in the form, hidden, and are not saved.
 */
export function PositionFields({ values, errors, onChange }: CampaignPanelProps) {
  const offered = positionsOffered(values.position_options);
  return (
    <fieldset className="fieldset">
      <legend>Position</legend>
      <FormField
        label="Ask supporters their position"
        hint="Where the decision is for or against something, the sign and letter forms ask which side the supporter takes."
        error={errors.position_options}
      >
        {(p) => (
          <select
            {...p}
            name="position_options"
            value={values.position_options}
            onChange={(e) => onChange('position_options', e.target.value as PositionOptions)}
          >
            {OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {offered.map((p) => (
        <TextField
          key={p}
          label={`Wording for ${positionName(p)}`}
          name={positionLabelField(p)}
          maxLength={POSITION_LABEL_MAX}
          hint={`What a supporter who picks it asks for, as the forms and the letters show it: for example "${EXAMPLE[p]}".`}
          value={values.position_labels[p]}
          error={errors[positionLabelField(p)]}
          onChange={(text) => onChange('position_labels', { ...values.position_labels, [p]: text })}
        />
      ))}
      {offered.length > 0 && (
        <CheckboxField
          name="show_position_counts"
          label="Show counts by position on the widget"
          hint="Off by default. This console always shows them."
          checked={values.show_position_counts}
          onChange={(checked) => onChange('show_position_counts', checked)}
        />
      )}
    </fieldset>
  );
}
