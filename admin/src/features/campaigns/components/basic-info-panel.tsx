import { LIMITS } from '@dais/api/contract';
import { CheckboxField, FormField, WholeNumberField } from '../../../components/form-field';
import type { CampaignPanelProps } from './campaign-form-props';

export function BasicInfoPanel({ values, errors, onChange }: CampaignPanelProps) {
  return (
    <div className="form-grid">
      <FormField label="Title" error={errors.title} hint={`At least ${LIMITS.campaignTitle.min} characters.`}>
        {(p) => (
          <input
            {...p}
            name="title"
            type="text"
            maxLength={LIMITS.campaignTitle.max}
            value={values.title}
            onChange={(e) => onChange('title', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description} hint={`At least ${LIMITS.campaignDescription.min} characters.`}>
        {(p) => (
          <textarea
            {...p}
            name="description"
            rows={5}
            maxLength={LIMITS.campaignDescription.max}
            value={values.description}
            onChange={(e) => onChange('description', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Category" optional error={errors.category} hint="For example Environment or Housing.">
        {(p) => (
          <input
            {...p}
            name="category"
            type="text"
            maxLength={LIMITS.category.max}
            value={values.category}
            onChange={(e) => onChange('category', e.target.value)}
          />
        )}
      </FormField>
      <div className="form-row">
        <WholeNumberField
          label="Signature Goal"
          name="target_signatures"
          value={values.target_signatures}
          min={LIMITS.goal.min}
          max={LIMITS.goal.max}
          hint={`At least ${LIMITS.goal.min}.`}
          error={errors.target_signatures}
          onChange={(v) => onChange('target_signatures', v)}
        />
        <WholeNumberField
          label="Letter Goal"
          name="target_letters"
          value={values.target_letters}
          min={LIMITS.goal.min}
          max={LIMITS.goal.max}
          hint={`At least ${LIMITS.goal.min}.`}
          error={errors.target_letters}
          onChange={(v) => onChange('target_letters', v)}
        />
      </div>
      <CheckboxField
        name="is_active"
        label="Campaign is active"
        hint="Active campaigns are listed on the public page and accept signatures and letters."
        checked={values.is_active}
        onChange={(checked) => onChange('is_active', checked)}
      />
    </div>
  );
}
