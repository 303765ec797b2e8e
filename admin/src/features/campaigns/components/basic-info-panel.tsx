import { LIMITS } from '@dais/api/contract';
import { CheckboxField, TextField, WholeNumberField } from '../../../components/form-field';
import { LanguageField } from '../../../components/language-field';
import { BoundarySetField } from './boundary-set-field';
import type { CampaignPanelProps } from './campaign-form-props';
import { PositionFields } from './position-fields';

export function BasicInfoPanel({ values, errors, onChange }: CampaignPanelProps) {
  return (
    <div className="form-grid">
      <TextField
        label="Title"
        name="title"
        maxLength={LIMITS.campaignTitle.max}
        hint={`At least ${LIMITS.campaignTitle.min} characters.`}
        value={values.title}
        error={errors.title}
        onChange={(v) => onChange('title', v)}
      />
      <TextField
        label="Description"
        name="description"
        rows={5}
        maxLength={LIMITS.campaignDescription.max}
        hint={`At least ${LIMITS.campaignDescription.min} characters.`}
        value={values.description}
        error={errors.description}
        onChange={(v) => onChange('description', v)}
      />
      <TextField
        label="Category"
        name="category"
        optional
        maxLength={LIMITS.category.max}
        hint="For example Environment or Housing."
        value={values.category}
        error={errors.category}
        onChange={(v) => onChange('category', v)}
      />
      <LanguageField
        label="Language"
        hint="What supporters read (the widget, e-mails, the PDF) and the language their letters are written in. Write the title, description and message points in it too."
        value={values.language}
        error={errors.language}
        onChange={(l) => onChange('language', l)}
      />
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
      <PositionFields values={values} errors={errors} onChange={onChange} />
      <BoundarySetField values={values} errors={errors} onChange={onChange} />
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
