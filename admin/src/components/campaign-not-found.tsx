import { Link } from '../lib/router';
import { usePageTitle } from '../lib/use-page-title';

/** An id that names no campaign (SPEC.md section 2: we show this view rather than redirect). */
export function CampaignNotFound() {
  usePageTitle('Campaign Not Found');
  return (
    <div className="page narrow">
      <h1>Campaign Not Found</h1>
      <p>There is no campaign at this address. It may have been mistyped, or the link may be out of date.</p>
      <p>
        <Link to="/admin/causes" className="button button-primary">
          Back to Campaigns
        </Link>
      </p>
    </div>
  );
}
