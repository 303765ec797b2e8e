import { shareLinks } from '@dais/api/contract';
import { useHeadings, useTexts } from './widget-context';

export function SharePanel({ title }: { title: string }) {
  const [, H] = useHeadings();
  const texts = useTexts();
  return (
    <div part="share">
      <H>{texts.shareTitle}</H>
      <p>{texts.shareText}</p>
      <ul className="share">
        {shareLinks(title, location.href, texts).map(({ label, href }) => (
          <li key={label}>
            {href.startsWith('mailto:') ? (
              <a className="btn alt" href={href}>
                {label}
              </a>
            ) : (
              <a className="btn alt" href={href} target="_blank" rel="noopener noreferrer">
                {label}
                <span className="sr">{texts.opensInNewWindow}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
