import { useId } from 'react';
import { countIn, textsFor, type CampaignCard as Card } from '@dais/api/contract';

/**
 * One active campaign on the landing page. The card speaks its campaign's language (its title and
 * description are written in it): count and button from that language's catalogue, marked with
 * `lang` so screen readers read it as such.
 */
export function CampaignCard({ campaign }: { campaign: Card }) {
  const titleId = useId();
  const texts = textsFor(campaign.language);
  return (
    <article className="card campaign-card" aria-labelledby={titleId} lang={campaign.language}>
      <div className="campaign-card-top">
        <h3 id={titleId}>{campaign.title}</h3>
        <span className="badge badge-active">{texts.card.active}</span>
      </div>
      <p className="clamp-3">{campaign.description}</p>
      <div className="campaign-card-foot">
        <span className="signatures">{texts.card.signatures(countIn(texts, campaign.supporter_count))}</span>
        {/* The widget page is another app: a full page load, not an in-app link. */}
        <a className="button button-primary button-small" href={`/widget/${campaign.id}`} aria-describedby={titleId}>
          {texts.card.takeAction}
        </a>
      </div>
    </article>
  );
}
