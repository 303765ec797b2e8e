import { shareLinks } from '../share';
import { useHeadings } from './widget-context';

export function SharePanel({ title }: { title: string }) {
  const [, H] = useHeadings();
  return (
    <div part="share">
      <H>Share This Campaign</H>
      <p>Help amplify this message by sharing it with your network.</p>
      <ul className="share">
        {shareLinks(title, location.href).map(({ label, href }) => (
          <li key={label}>
            {href.startsWith('mailto:') ? (
              <a className="btn alt" href={href}>
                {label}
              </a>
            ) : (
              <a className="btn alt" href={href} target="_blank" rel="noopener noreferrer">
                {label}
                <span className="sr"> (opens in a new window)</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
