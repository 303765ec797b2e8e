import { formatNumber } from '../../../lib/format';

interface Stat {
  label: string;
  value: number;
}

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <ul className="stat-cards">
      {stats.map((s) => (
        <li key={s.label} className="card stat-card">
          <span className="stat-label">{s.label}</span>
          <span className="stat-value">{formatNumber(s.value)}</span>
        </li>
      ))}
    </ul>
  );
}
