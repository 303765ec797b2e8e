import { formatRatio } from '../utils/contrast';
import { failingChecks } from '../utils/contrast-checks';
import type { WidgetColors } from '@dais/api/contract';

/**
 * Says which chosen colours fail WCAG AA contrast for reading. Polite live region: a screen-reader
 * user changing a colour hears when a pair becomes hard to read, and when it is fixed.
 */
export function ContrastWarning({ colors }: { colors: WidgetColors }) {
  const failing = failingChecks(colors);
  return (
    <div aria-live="polite">
      {failing.length > 0 && (
        <div className="contrast-warning">
          <p className="contrast-warning-title">
            {failing.length === 1 ? 'One color pair is' : `${failing.length} color pairs are`} hard to read (below WCAG AA contrast):
          </p>
          <ul>
            {failing.map((k) => (
              <li key={k.id}>
                {k.pair}: {formatRatio(k.ratio)}, needs at least {k.minimum}:1.
                {k.widgetFallback && <> {k.widgetFallback}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
