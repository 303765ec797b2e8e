import { formatNumber } from '../../../lib/format';

interface Stat {
  label: string;
  value: number;
  /** A line under the figure, e.g. how many more wait for their writers' confirmation. */
  note?: string | undefined;
}

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <ul className="stat-cards">
      {stats.map((s) => (
        <li key={s.label} className="card stat-card">
          <span className="stat-label">{s.label}</span>
          <span className="stat-value">{formatNumber(s.value)}</span>
          {s.note && <span className="stat-note">{s.note}</span>}
        </li>
      ))}
    </ul>
  );
}
