import type { Dashboard } from '@dais/api/contract';
import { formatDate, spaced } from '../../../lib/format';

export function RecentSupporters({ supporters }: { supporters: Dashboard['recent_supporters'] }) {
  return (
    <section className="card" aria-labelledby="recent-supporters-title">
      <h2 id="recent-supporters-title">Recent Supporters</h2>
      {supporters.length === 0 ? (
        <p className="empty">No recent supporters</p>
      ) : (
        <ul className="recent-list">
          {supporters.map((s) => (
            <li key={s.id}>
              <div className="recent-main">
                <p className="recent-name">{s.name}</p>
                <p className="recent-detail">{s.email}</p>
                <p className="recent-detail">{s.campaign_title}</p>
              </div>
              <span className="recent-date">{formatDate(s.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RecentLetters({ letters }: { letters: Dashboard['recent_letters'] }) {
  return (
    <section className="card" aria-labelledby="recent-letters-title">
      <h2 id="recent-letters-title">Recent Letters</h2>
      {letters.length === 0 ? (
        <p className="empty">No recent letters</p>
      ) : (
        <ul className="recent-list">
          {letters.map((l) => (
            <li key={l.id}>
              <div className="recent-main">
                <p className="recent-name">{l.supporter_name}</p>
                <p className="recent-detail recent-perspective">{spaced(l.perspective)}</p>
                <p className="recent-detail">{l.campaign_title}</p>
              </div>
              <span className="recent-date">{formatDate(l.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
