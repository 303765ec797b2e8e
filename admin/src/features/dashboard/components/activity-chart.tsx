import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Activity } from '@dais/api/contract';
import { formatDate, formatNumber, formatShortDay } from '../../../lib/format';
import { CHART, chartGeometry, summarize } from './activity-chart-geometry';

const SIGNATURES_COLOUR = '#047857';
const LETTERS_COLOUR = '#1d4ed8';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * Signatures and letters per day, hand-drawn in SVG. The picture is for seeing the trend; the
 * same facts are in text (the summary, read as the image's description) and in a data table.
 */
export function ActivityChart({ activity }: { activity: Activity }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const width = useWidth(frameRef);
  const g = chartGeometry(activity, width);
  const s = summarize(activity);
  const titleId = useId();
  const descId = useId();
  const first = activity[0];
  const last = activity[activity.length - 1];
  const range = first && last ? `${formatDate(first.date)} to ${formatDate(last.date)}` : '';
  const summary =
    `${plural(s.signatures, 'signature', 'signatures')} and ${plural(s.letters, 'letter', 'letters')} from ${range}.` +
    (s.busiest
      ? ` Busiest day: ${formatDate(s.busiest.date)}, with ${plural(s.busiest.signatures, 'signature', 'signatures')} and ${plural(s.busiest.letters, 'letter', 'letters')}.`
      : '');

  return (
    <div ref={frameRef}>
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="legend-swatch" style={{ background: SIGNATURES_COLOUR }} />
          Signatures
        </li>
        <li>
          <span className="legend-swatch" style={{ background: LETTERS_COLOUR }} />
          Letters (dashed)
        </li>
      </ul>
      <svg className="chart" viewBox={`0 0 ${width} ${CHART.height}`} role="img" aria-labelledby={titleId} aria-describedby={descId}>
        <title id={titleId}>Signatures and letters per day</title>
        {g.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={CHART.left} x2={width - CHART.right} y1={t.y} y2={t.y} stroke="#e5e7eb" strokeWidth="1" />
            <text x={CHART.left - 8} y={t.y + 4} textAnchor="end" fontSize="12" fill="#4b5563">
              {formatNumber(t.value)}
            </text>
          </g>
        ))}
        {g.xLabels.map((l) => (
          <text key={l.x} x={l.x} y={CHART.height - CHART.bottom + 22} textAnchor="middle" fontSize="12" fill="#4b5563">
            {l.label}
          </text>
        ))}
        <path d={g.signatures.path} fill="none" stroke={SIGNATURES_COLOUR} strokeWidth="2.5" strokeLinejoin="round" />
        <path d={g.letters.path} fill="none" stroke={LETTERS_COLOUR} strokeWidth="2.5" strokeDasharray="6 4" strokeLinejoin="round" />
        {g.signatures.points.map((p, i) => (
          <circle key={`s${i}`} cx={p.x} cy={p.y} r="3" fill={SIGNATURES_COLOUR} />
        ))}
        {g.letters.points.map((p, i) => (
          <rect key={`l${i}`} x={p.x - 2.5} y={p.y - 2.5} width="5" height="5" fill={LETTERS_COLOUR} />
        ))}
      </svg>
      <p id={descId} className="chart-summary">
        {summary}
      </p>
      <details className="chart-data">
        <summary>Show the numbers per day</summary>
        <div className="chart-data-table table-wrap" tabIndex={0} role="region" aria-label="Signatures and letters per day">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Signatures
                </th>
                <th scope="col" className="num">
                  Letters
                </th>
              </tr>
            </thead>
            <tbody>
              {[...activity].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row">{formatShortDay(d.date)}</th>
                  <td className="num">{formatNumber(d.signatures)}</td>
                  <td className="num">{formatNumber(d.letters)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The element's width in whole CSS pixels (at least 280), following resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState<number>(CHART.width);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(280, Math.round(el.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
