/**
 * The campaign form (SPEC.md section 2, Campaign edit): stat cards, Preview Widget, Copy Embed
 * Code, Save Changes and the four tabs. `campaign` null is a new campaign: saving creates it and
 * moves to its own page. A failed save keeps the form exactly as it was (SPEC.md section 4).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TABS_REQUIRED_MESSAGE, type AdminCampaign } from '@dais/api/contract';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/error-reason';
import { useNotify } from '../../../lib/notify';
import { Link, navigate } from '../../../lib/router';
import { createCampaign } from '../api/create-campaign';
import { updateCampaign } from '../../../lib/admin-campaigns';
import { uploadCampaignLogo } from '../api/upload-campaign-logo';
import {
  FIELD_TAB,
  campaignFormFrom,
  emptyCampaignForm,
  errorsAfterChange,
  fieldErrorsFrom,
  validateCampaignForm,
  type CampaignErrorKey,
  type CampaignField,
  type CampaignFieldErrors,
  type CampaignFormTab,
  type CampaignFormValues,
} from '../utils/campaign-form-values';
import { AppearancePanel } from './appearance-panel';
import { BasicInfoPanel } from './basic-info-panel';
import { CampaignStats } from './campaign-stats';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { browserZone, campaignZone, ScreenTimeZone } from '../../../lib/time-zone';
import { DeliveriesSection } from './deliveries-section';
import { DeliveryPanel } from './delivery-panel';
import { DistrictCounts } from './district-counts';
import { EmbedCodeDialog } from './embed-code-dialog';
import { FormTabs } from './form-tabs';
import { HearingPacket } from './hearing-packet';
import { PublicCommentPanel } from './public-comment-panel';
import { QuarantineSection } from './quarantine-section';
import { WidgetTabsPanel } from './widget-tabs-panel';

interface CampaignEditorProps {
  campaign: AdminCampaign | null;
  /** The saved campaign changed (saved form, new or removed logo). */
  onCampaignChange?: (update: (current: AdminCampaign) => AdminCampaign) => void;
}

export function CampaignEditor({ campaign, onCampaignChange }: CampaignEditorProps) {
  const notify = useNotify();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CampaignFormValues>(() => (campaign ? campaignFormFrom(campaign) : emptyCampaignForm()));
  const [errors, setErrors] = useState<CampaignFieldErrors>({});
  const [tab, setTab] = useState<CampaignFormTab>('basic');
  const [saving, setSaving] = useState(false);
  const [embedOpen, setEmbedOpen] = useState(false);
  // A field to focus once its tab is showing (the first error after a refused save).
  const [focusField, setFocusField] = useState<CampaignErrorKey | null>(null);

  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, tab]);

  const onChange = <K extends CampaignField>(field: K, value: CampaignFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setErrors((e) => errorsAfterChange(e, values, next));
  };

  const showErrors = (found: CampaignFieldErrors) => {
    setErrors(found);
    const first = (Object.keys(FIELD_TAB) as CampaignErrorKey[]).find((f) => found[f]);
    if (first) {
      setTab(FIELD_TAB[first]);
      setFocusField(first);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateCampaignForm(values, campaign ? 'update' : 'create', campaign);
    if (!checked.ok) {
      showErrors(checked.errors);
      if (checked.tabsError) notify.error(TABS_REQUIRED_MESSAGE);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (campaign) {
        const saved = await updateCampaign(campaign.id, checked.request);
        onCampaignChange?.(() => saved);
        setValues(campaignFormFrom(saved));
        notify.success('Campaign updated successfully');
      } else {
        const created = await createCampaign(checked.request);
        notify.success('Campaign created successfully');
        navigate(`/admin/campaigns/${created.id}`, { replace: true });
        return;
      }
    } catch (error) {
      console.error(campaign ? 'Error updating campaign:' : 'Error creating campaign:', error);
      if (error instanceof ApiError && error.issues.length > 0) showErrors(fieldErrorsFrom(error.issues));
      notify.error(failureText(campaign ? 'Failed to update campaign' : 'Failed to create campaign', error));
    }
    setSaving(false);
  };

  const uploadLogo = async (file: File) => {
    if (!campaign) return;
    try {
      const logoUrl = await uploadCampaignLogo(campaign.id, { logo: file });
      onCampaignChange?.((c) => ({ ...c, logo_url: logoUrl }));
      notify.success('Logo uploaded successfully');
    } catch (error) {
      console.error('Error uploading logo:', error);
      notify.error(failureText('Failed to upload logo', error));
    }
  };

  const removeLogo = async () => {
    if (!campaign) return;
    try {
      const saved = await updateCampaign(campaign.id, { logo_url: null });
      onCampaignChange?.((c) => ({ ...c, logo_url: saved.logo_url }));
      notify.success('Logo removed successfully');
    } catch (error) {
      console.error('Error removing logo:', error);
      notify.error('Failed to remove logo');
    }
  };

  const has = (tabId: CampaignFormTab) => (Object.keys(errors) as CampaignErrorKey[]).some((f) => errors[f] && FIELD_TAB[f] === tabId);
  const panel = { values, errors, onChange };

  // A campaign's page: its times in its zone (its deadline's), named under the title.
  const zone = campaign ? campaignZone(campaign) : browserZone();
  return (
    <ScreenTimeZone zone={zone}>
      <div className="page">
        <div className="page-header">
          <div>
            <p className="breadcrumb">
              <Link to="/admin/causes">Campaigns</Link>
            </p>
            <h1>{campaign ? 'Edit Campaign' : 'New Campaign'}</h1>
            {campaign && <p className="page-subtitle">{campaign.title}</p>}
            {campaign && <TimeZoneNote zone={zone} campaignHasNone={!campaign.time_zone} />}
          </div>
          <div className="button-row">
            {campaign && (
              <>
                <a className="button button-secondary" href={`/widget/${campaign.id}?preview`} target="_blank" rel="noopener">
                  Preview Widget<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                <button type="button" className="button button-secondary" aria-haspopup="dialog" onClick={() => setEmbedOpen(true)}>
                  Copy Embed Code
                </button>
                {/* Not in SPEC.md: the signatures (names and addresses) an organiser delivers to the decision body. */}
                <a className="button button-secondary" href={`/api/admin/supporters.csv?campaign_id=${campaign.id}`} download>
                  Download Signatures (CSV)
                </a>
              </>
            )}
            <button type="submit" form={formId} className="button button-primary" disabled={saving}>
              {saving && <Spinner size="sm" />}
              {saving ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </div>
        {campaign ? (
          <CampaignStats campaign={campaign} />
        ) : (
          <p className="notice">Preview, embed code and logo become available once the campaign is saved.</p>
        )}
        <form id={formId} ref={formRef} className="card campaign-form" noValidate onSubmit={(e) => void save(e)}>
          <FormTabs
            label="Campaign settings"
            selected={tab}
            onSelect={setTab}
            tabs={[
              { id: 'basic', label: 'Basic Info', hasErrors: has('basic'), content: <BasicInfoPanel {...panel} /> },
              {
                id: 'appearance',
                label: 'Appearance',
                hasErrors: has('appearance'),
                content: (
                  <AppearancePanel
                    {...panel}
                    logoUrl={campaign?.logo_url ?? null}
                    onUploadLogo={uploadLogo}
                    onRemoveLogo={removeLogo}
                    logoUnavailable={campaign ? undefined : 'Save the campaign first, then upload its logo.'}
                    supporters={campaign?.supporter_count ?? 0}
                  />
                ),
              },
              { id: 'settings', label: 'Settings', hasErrors: has('settings'), content: <WidgetTabsPanel {...panel} /> },
              { id: 'public-comment', label: 'Public Comment', hasErrors: has('public-comment'), content: <PublicCommentPanel {...panel} /> },
              { id: 'delivery', label: 'Delivery', hasErrors: has('delivery'), content: <DeliveryPanel {...panel} /> },
            ]}
          />
        </form>
        {campaign && <DistrictCounts campaign={campaign} />}
        {campaign && <HearingPacket campaign={campaign} />}
        {campaign && <DeliveriesSection campaign={campaign} />}
        {campaign && <QuarantineSection campaignId={campaign.id} />}
        {campaign && <EmbedCodeDialog open={embedOpen} onClose={() => setEmbedOpen(false)} campaign={campaign} />}
      </div>
    </ScreenTimeZone>
  );
}
