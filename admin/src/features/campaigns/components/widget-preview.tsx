import type { CSSProperties } from 'react';
import { countIn, formatCountIn, textsFor, widgetPalette, widgetProgressPercent, type Language, type TabName, type WidgetColors } from '@dais/api/contract';

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
  /** The campaign's language: the preview's words are the widget's own in it. */
  language: Language;
}

const TAB_ORDER: TabName[] = ['sign', 'letter', 'share'];

/**
 * A live, faithful mini-copy of the widget's header and tabs in the colours being edited (before
 * saving). Our own rendering rather than <petition-widget>: the widget reads colours only from a
 * saved campaign and has no override attributes. It paints through the same palette rules as the
 * widget (widget-palette.ts), so what it shows is what supporters get. Visual only: screen readers
 * get the contrast warning instead.
 */
export function WidgetPreview({ colors, radius, showProgress, title, description, logoUrl, supporters, goal, tabs, language }: WidgetPreviewProps) {
  const p = widgetPalette(colors);
  const texts = textsFor(language);
  const n = (x: number) => formatCountIn(texts, x);
  const mainButton = { sign: texts.signPetition, letter: texts.generateLetter, share: 'Facebook' };
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
  const enabled = TAB_ORDER.filter((t) => tabs[t]);
  const first = enabled[0];
  const percent = widgetProgressPercent(supporters, goal);

  return (
    <figure className="widget-preview">
      <figcaption className="field-label">Live preview</figcaption>
      <div className="wp-root" style={style} aria-hidden="true" lang={language}>
        {logoUrl && <img className="wp-logo" src={logoUrl} alt="" />}
        <p className="wp-title">{title.trim() || 'Campaign title'}</p>
        <p className="wp-desc">{description.trim() || 'The campaign description appears here.'}</p>
        {showProgress && (
          <div>
            <div className="wp-stats">
              <span>
                <strong>{n(supporters)}</strong> {texts.supporters(countIn(texts, supporters))}
              </span>
              <span className="wp-muted">{texts.goal(n(goal))}</span>
            </div>
            <div className="wp-bar">
              <div style={{ width: `${percent}%` }} />
            </div>
            <p className="wp-muted">{texts.percentOfGoal(n(percent))}</p>
          </div>
        )}
        {enabled.length > 1 && (
          <div className="wp-tabs">
            {enabled.map((t) => (
              <span key={t} className={t === first ? 'wp-tab wp-tab-selected' : 'wp-tab'}>
                {texts.tabs[t]}
              </span>
            ))}
          </div>
        )}
        {first ? (
          <div className="wp-panel">
            <span className="wp-button">{mainButton[first]}</span>
            <p className="wp-link">{texts.privacyNotice}</p>
          </div>
        ) : (
          <p className="wp-muted">{texts.actionsUnavailableText}</p>
        )}
      </div>
    </figure>
  );
}
