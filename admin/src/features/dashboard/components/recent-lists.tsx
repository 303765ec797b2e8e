import type { ReactNode } from 'react';
import { perspectiveLabel, type Dashboard } from '@dais/api/contract';
import { formatDate } from '../../../lib/format';
import { useScreenTimeZone } from '../../../lib/time-zone';

interface RecentItem {
  id: number;
  name: string;
  /** The detail lines under the name. */
  details: { text: string; className?: string }[];
  createdAt: string;
}

/** A dashboard card listing the latest rows (SPEC.md section 2), or its empty text. */
function RecentList({ titleId, title, empty, items }: { titleId: string; title: ReactNode; empty: string; items: RecentItem[] }) {
  const zone = useScreenTimeZone();
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {items.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ul className="recent-list">
          {items.map((item) => (
            <li key={item.id}>
              <div className="recent-main">
                <p className="recent-name">{item.name}</p>
                {item.details.map((d, i) => (
                  <p key={i} className={d.className ? `recent-detail ${d.className}` : 'recent-detail'}>
                    {d.text}
                  </p>
                ))}
              </div>
              <span className="recent-date">{formatDate(item.createdAt, zone)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RecentSupporters({ supporters }: { supporters: Dashboard['recent_supporters'] }) {
  const items = supporters.map((s) => ({
    id: s.id,
    name: s.name,
    details: [{ text: s.email }, { text: s.campaign_title }],
    createdAt: s.created_at,
  }));
  return <RecentList titleId="recent-supporters-title" title="Recent Supporters" empty="No recent supporters" items={items} />;
}

export function RecentLetters({ letters }: { letters: Dashboard['recent_letters'] }) {
  const items = letters.map((l) => ({
    id: l.id,
    name: l.supporter_name,
    details: [{ text: perspectiveLabel(l.perspective), className: 'recent-perspective' }, { text: l.campaign_title }],
    createdAt: l.created_at,
  }));
  return <RecentList titleId="recent-letters-title" title="Recent Letters" empty="No recent letters" items={items} />;
}
