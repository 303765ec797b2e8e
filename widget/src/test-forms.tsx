/**
 * What the widget's form tests share: a public campaign as the API sends it, the forms rendered to
 * markup in one language, and a supporter's filled-in forms.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import type { Language, PublicCampaign, SupporterTexts } from '@dais/api/contract';
import type { Api } from './api';
import { WidgetContext } from './components/widget-context';
import type { LetterFormValues } from './letter-data';

/** A campaign that asks no position and has no districts, unless `over` says otherwise. */
export const publicCampaign = (over: Partial<PublicCampaign> = {}): PublicCampaign => ({
  id: 7,
  title: 'Riverside Park',
  description: 'Keep it open.',
  category: null,
  target_signatures: 1000,
  target_letters: 100,
  is_active: true,
  enable_sign_tab: true,
  enable_letter_tab: true,
  enable_share_tab: false,
  widget_primary_color: '#1d4ed8',
  widget_secondary_color: '#1e40af',
  widget_background_color: '',
  widget_text_color: '#1f2937',
  widget_tab_text_color: '#ffffff',
  widget_border_radius: '8px',
  show_progress_bar: true,
  logo_url: null,
  decision_body: 'Springfield City Council',
  jurisdiction: null,
  meeting_date: null,
  agenda_item_number: null,
  project_name: null,
  supporter_count: 10,
  letter_count: 3,
  require_confirmation: false,
  show_recent_supporters: false,
  language: 'en',
  position_options: 'none',
  position_labels: {},
  position_counts: null,
  delivery: null,
  districts: [],
  ...over,
});

/** A component as it first renders in the widget, in one catalogue's language. */
export const renderIn = ([language, texts]: [Language, SupporterTexts], node: ReactNode) => {
  // Rendered to markup: nothing here sends, so the api only needs what a first render touches.
  const api = { warmBotCheck: () => {} } as unknown as Api;
  const value = { api, base: 'https://dais.example.org', page: false, container: null as unknown as Node, preview: false, language, texts };
  return renderToStaticMarkup(<WidgetContext.Provider value={value}>{node}</WidgetContext.Provider>);
};

export const letterForm: LetterFormValues = {
  supporter_name: 'Ada Lovelace',
  supporter_email: 'ada@example.org',
  street_address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  phone_number: '',
  perspective: 'homeowner',
  personal_note: '',
};

export const signer = { name: 'Ada Lovelace', email: 'ada@example.org', street_address: '1 Main St', city: 'Springfield', state: 'IL', zip_code: '62701', phone_number: '', comment: '', is_public: 'on' };
