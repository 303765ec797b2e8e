import { CAMPAIGN_DEFAULTS } from '@dais/api/contract';
import { CheckboxField, FormField } from '../../../components/form-field';
import { LogoPicker } from '../../../components/logo-picker';
import { parseGoal } from '../utils/campaign-form-values';
import { isHexColor } from '../utils/contrast';
import type { WidgetColors } from '@dais/api/contract';
import type { CampaignPanelProps } from './campaign-form-props';
import { ColorField } from './color-field';
import { ContrastWarning } from './contrast-warning';
import { WidgetPreview } from './widget-preview';

type ColorKey =
  | 'widget_primary_color'
  | 'widget_secondary_color'
  | 'widget_background_color'
  | 'widget_text_color'
  | 'widget_tab_text_color';

const COLORS: { field: ColorKey; label: string }[] = [
  { field: 'widget_primary_color', label: 'Primary color' },
  { field: 'widget_secondary_color', label: 'Secondary color' },
  { field: 'widget_background_color', label: 'Background color' },
  { field: 'widget_text_color', label: 'Text color' },
  { field: 'widget_tab_text_color', label: 'Tab text color' },
];

interface AppearancePanelProps extends CampaignPanelProps {
  logoUrl: string | null;
  onUploadLogo: (file: File) => Promise<void>;
  onRemoveLogo: () => Promise<void>;
  /** Why the logo cannot be changed yet (a campaign not saved yet). */
  logoUnavailable?: string | undefined;
  supporters: number;
}

export function AppearancePanel({ values, errors, onChange, logoUrl, onUploadLogo, onRemoveLogo, logoUnavailable, supporters }: AppearancePanelProps) {
  // A colour still being typed shows as the default until it is a whole '#rrggbb'.
  const usable = (field: ColorKey) => (isHexColor(values[field]) ? values[field].trim() : CAMPAIGN_DEFAULTS[field]);
  const colors: WidgetColors = {
    primary: usable('widget_primary_color'),
    secondary: usable('widget_secondary_color'),
    background: usable('widget_background_color'),
    text: usable('widget_text_color'),
    tabText: usable('widget_tab_text_color'),
  };
  const radiusOk = /^\d{1,3}(\.\d+)?(px|rem|em|%)$/.test(values.widget_border_radius.trim());

  return (
    <div className="appearance">
      <div className="form-grid">
        <fieldset className="fieldset">
          <legend>Logo</legend>
          <LogoPicker logoUrl={logoUrl} onUpload={onUploadLogo} onRemove={onRemoveLogo} unavailable={logoUnavailable} />
        </fieldset>
        <fieldset className="fieldset">
          <legend>Colors</legend>
          <div className="color-grid">
            {COLORS.map(({ field, label }) => (
              <ColorField
                key={field}
                name={field}
                label={label}
                value={values[field]}
                fallback={CAMPAIGN_DEFAULTS[field]}
                error={errors[field]}
                onChange={(value) => onChange(field, value)}
              />
            ))}
          </div>
          <ContrastWarning colors={colors} />
        </fieldset>
        <FormField label="Border radius" error={errors.widget_border_radius} hint="For example 12px; 0px gives square corners.">
          {(p) => (
            <input
              {...p}
              name="widget_border_radius"
              type="text"
              className="input-short"
              autoComplete="off"
              value={values.widget_border_radius}
              onChange={(e) => onChange('widget_border_radius', e.target.value)}
            />
          )}
        </FormField>
        <CheckboxField
          name="show_progress_bar"
          label="Show progress bar in widget"
          checked={values.show_progress_bar}
          onChange={(checked) => onChange('show_progress_bar', checked)}
        />
      </div>
      <div className="appearance-preview">
        <WidgetPreview
          colors={colors}
          radius={radiusOk ? values.widget_border_radius.trim() : CAMPAIGN_DEFAULTS.widget_border_radius}
          showProgress={values.show_progress_bar}
          title={values.title}
          description={values.description}
          logoUrl={logoUrl}
          supporters={supporters}
          goal={parseGoal(values.target_signatures)}
          tabs={{ sign: values.enable_sign_tab, letter: values.enable_letter_tab, share: values.enable_share_tab }}
          language={values.language}
        />
      </div>
    </div>
  );
}
