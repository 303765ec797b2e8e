import type { CampaignFieldErrors, CampaignFormValues } from '../utils/campaign-form-values';

/** What every tab panel of the campaign form receives. */
export interface CampaignPanelProps {
  values: CampaignFormValues;
  errors: CampaignFieldErrors;
  onChange: <K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) => void;
}
