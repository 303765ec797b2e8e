import { useId } from 'react';
import { CheckboxField } from '../../../components/form-field';
import type { CampaignPanelProps } from './campaign-form-props';

/**
 * The form's Settings tab: which of the widget's tabs supporters see (at least one), and whether
 * their signatures and letters count only once confirmed by e-mail.
 */
export function WidgetTabsPanel({ values, errors, onChange }: CampaignPanelProps) {
  const errorId = useId();
  const error = errors.enable_sign_tab;
  return (
    <>
      <fieldset className="fieldset" aria-describedby={error ? errorId : undefined}>
        <legend>Widget tabs</legend>
        <p className="field-hint">Supporters see only the enabled tabs; at least one must stay enabled.</p>
        <CheckboxField
          name="enable_sign_tab"
          label="Enable Sign Petition Tab"
          checked={values.enable_sign_tab}
          onChange={(checked) => onChange('enable_sign_tab', checked)}
        />
        <CheckboxField
          name="enable_letter_tab"
          label="Enable Write Letter Tab"
          checked={values.enable_letter_tab}
          onChange={(checked) => onChange('enable_letter_tab', checked)}
        />
        <CheckboxField
          name="enable_share_tab"
          label="Enable Share Tab"
          checked={values.enable_share_tab}
          onChange={(checked) => onChange('enable_share_tab', checked)}
        />
        {error && (
          <p id={errorId} className="field-error">
            {error}
          </p>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Confirmation</legend>
        <CheckboxField
          name="require_confirmation"
          label="Count signatures and letters only once confirmed by e-mail"
          checked={values.require_confirmation}
          onChange={(checked) => onChange('require_confirmation', checked)}
        />
        <p className="field-hint">
          Each supporter gets an e-mail with a link to confirm. Until they follow it, what they sent is pending: not counted, not delivered,
          and deleted after a week. Decision bodies trust counts of confirmed supporters.
        </p>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Social proof</legend>
        <CheckboxField
          name="show_recent_supporters"
          label="Show recent supporters in the widget"
          checked={values.show_recent_supporters}
          onChange={(checked) => onChange('show_recent_supporters', checked)}
        />
        <p className="field-hint">
          Lists the ten most recent supporters who ticked 'Display my name publicly as a supporter', as first name, last initial and
          city (for example 'Rachel C., Springdale'), and only once they are confirmed where the campaign confirms.
        </p>
      </fieldset>
    </>
  );
}
