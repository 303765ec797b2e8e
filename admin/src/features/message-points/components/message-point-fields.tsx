import type { ReactNode } from 'react';
import { LIMITS, type AdminCampaign } from '@dais/api/contract';
import { CheckboxField, FormField, TextField, WholeNumberField } from '../../../components/form-field';
import { LanguageField } from '../../../components/language-field';
import type { MessagePointErrors, MessagePointFormValues } from '../utils/message-point-form';

interface MessagePointFieldsProps {
  values: MessagePointFormValues;
  errors: MessagePointErrors;
  onChange: <K extends keyof MessagePointFormValues>(field: K, value: MessagePointFormValues[K]) => void;
  campaigns: AdminCampaign[];
  /** Shown under the Campaign select when the campaigns could not be loaded. */
  campaignsProblem?: ReactNode;
}

/** The fields of a message point, shared by the create form and the inline edit. */
export function MessagePointFields({ values, errors, onChange, campaigns, campaignsProblem }: MessagePointFieldsProps) {
  const known = values.campaign_id === '' || campaigns.some((c) => String(c.id) === values.campaign_id);
  return (
    <div className="form-grid">
      <div className="form-row">
        <TextField
          label="Category"
          name="category"
          maxLength={LIMITS.category.max}
          value={values.category}
          error={errors.category}
          onChange={(v) => onChange('category', v)}
        />
        <FormField label="Campaign" error={errors.campaign_id} hint={campaignsProblem}>
          {(p) => (
            <select {...p} name="campaign_id" value={values.campaign_id} onChange={(e) => onChange('campaign_id', e.target.value)}>
              <option value="">General (All Campaigns)</option>
              {campaigns.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.title}
                </option>
              ))}
              {/* The campaigns did not load: keep the point's own campaign choosable. */}
              {!known && <option value={values.campaign_id}>Campaign {values.campaign_id}</option>}
            </select>
          )}
        </FormField>
        {values.campaign_id === '' && (
          <LanguageField
            label="Language"
            hint="Offered to the campaigns written in it."
            value={values.language}
            error={errors.language}
            onChange={(l) => onChange('language', l)}
          />
        )}
      </div>
      <TextField
        label="Talking Points"
        name="talking_points"
        rows={3}
        maxLength={LIMITS.talkingPoints.max}
        hint={`At least ${LIMITS.talkingPoints.min} characters.`}
        value={values.talking_points}
        error={errors.talking_points}
        onChange={(v) => onChange('talking_points', v)}
      />
      <div className="form-row form-row-end">
        <WholeNumberField
          label="Display Order"
          name="display_order"
          value={values.display_order}
          min={LIMITS.displayOrder.min}
          max={LIMITS.displayOrder.max}
          hint="0 or more; lower numbers come first."
          error={errors.display_order}
          inputClassName="input-short"
          onChange={(v) => onChange('display_order', v)}
        />
        <CheckboxField
          name="is_locked"
          label="Hidden/Pre-selected (automatically included in letters)"
          checked={values.is_locked}
          onChange={(checked) => onChange('is_locked', checked)}
        />
      </div>
    </div>
  );
}
