import { WIDGET_FALLBACK_BACKGROUND, type PublicCampaign, type TabName, type WidgetSettings } from '@dais/api/contract';

/** SPEC.md "Widget page": what the campaign view shows, as pure functions of the loaded data. */

type TabFlags = Pick<PublicCampaign, 'enable_sign_tab' | 'enable_letter_tab' | 'enable_share_tab'>;

/** The enabled tabs in the spec's order; the first is the default tab. */
export function enabledTabs(c: TabFlags): TabName[] {
  const all: [TabName, boolean][] = [
    ['sign', c.enable_sign_tab],
    ['letter', c.enable_letter_tab],
    ['share', c.enable_share_tab],
  ];
  return all.filter(([, on]) => on).map(([name]) => name);
}

/** Shown unless the campaign explicitly turns it off or the global setting is the string 'false'. */
export const showsProgress = (c: { show_progress_bar?: boolean | null }, s: Pick<WidgetSettings, 'show_progress'>) =>
  c.show_progress_bar !== false && s.show_progress !== 'false';

export const widgetBackground = (c: Pick<PublicCampaign, 'widget_background_color'>) =>
  c.widget_background_color || WIDGET_FALLBACK_BACKGROUND;

/** The campaign's logo, else the global one; uploads are paths on the Dais origin, not the host's. */
export function logoSource(campaignLogo: string | null, globalLogo: string | null, apiBase: string): string | null {
  const logo = campaignLogo || globalLogo;
  if (!logo) return null;
  try {
    return new URL(logo, apiBase + '/').href;
  } catch {
    return null;
  }
}

