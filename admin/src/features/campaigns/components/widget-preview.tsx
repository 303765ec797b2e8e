import type { CSSProperties } from 'react';
import { formatNumber } from '../../../lib/format';
import { TAB_LABELS, widgetPalette, widgetProgressPercent, type TabName, type WidgetColors } from '@dais/api/contract';

interface WidgetPreviewProps {
  colors: WidgetColors;
  radius: string;
  showProgress: boolean;
  title: string;
  description: string;
  logoUrl: string | null;
  supporters: number;
  goal: number;
  tabs: { sign: boolean; letter: boolean; share: boolean };
}

const MAIN_BUTTON = { sign: 'Sign Petition', letter: 'Generate Letter', share: 'Facebook' } as const;

/**
 * A live, faithful mini-copy of the widget's header and tabs in the colours being edited (before
 * saving). Our own rendering rather than <petition-widget>: the widget reads colours only from a
 * saved campaign and has no override attributes. It paints through the same palette rules as the
 * widget (widget-palette.ts), so what it shows is what supporters get. Visual only: screen readers
 * get the contrast warning instead.
 */
export function WidgetPreview({ colors, radius, showProgress, title, description, logoUrl, supporters, goal, tabs }: WidgetPreviewProps) {
  const p = widgetPalette(colors);
  const style = {
    '--wp-primary': colors.primary,
    '--wp-bg': colors.background,
    '--wp-text': p.text,
    '--wp-accent': p.accent,
    '--wp-on-accent': p.onAccent,
    '--wp-link': p.link,
    '--wp-muted': p.muted,
    '--wp-radius': radius,
  } as CSSProperties;
  const enabled = (Object.keys(TAB_LABELS) as TabName[]).filter((t) => tabs[t]);
  const first = enabled[0];
  const percent = widgetProgressPercent(supporters, goal);

  return (
    <figure className="widget-preview">
      <figcaption className="field-label">Live preview</figcaption>
      <div className="wp-root" style={style} aria-hidden="true">
        {logoUrl && <img className="wp-logo" src={logoUrl} alt="" />}
        <p className="wp-title">{title.trim() || 'Campaign title'}</p>
        <p className="wp-desc">{description.trim() || 'The campaign description appears here.'}</p>
        {showProgress && (
          <div>
            <div className="wp-stats">
              <span>
                <strong>{formatNumber(supporters)}</strong> {supporters === 1 ? 'supporter' : 'supporters'}
              </span>
              <span className="wp-muted">Goal: {formatNumber(goal)}</span>
            </div>
            <div className="wp-bar">
              <div style={{ width: `${percent}%` }} />
            </div>
            <p className="wp-muted">{percent}% of goal reached</p>
          </div>
        )}
        {enabled.length > 1 && (
          <div className="wp-tabs">
            {enabled.map((t) => (
              <span key={t} className={t === first ? 'wp-tab wp-tab-selected' : 'wp-tab'}>
                {TAB_LABELS[t]}
              </span>
            ))}
          </div>
        )}
        {first ? (
          <div className="wp-panel">
            <span className="wp-button">{MAIN_BUTTON[first]}</span>
            <p className="wp-link">Privacy notice</p>
          </div>
        ) : (
          <p className="wp-muted">No actions are currently available for this campaign.</p>
        )}
      </div>
    </figure>
  );
}
