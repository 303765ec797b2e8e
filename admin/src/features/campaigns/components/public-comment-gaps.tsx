import { useId } from 'react';
import { publicCommentGaps } from '../utils/public-comment-gaps';
import type { CampaignFormValues } from '../utils/campaign-form-values';

/**
 * Lists the Public Comment fields left unset and what supporters' letters do without each, as
 * the admin types (letters state only what is set: no "Agenda Item TBD", no made-up date). A polite
 * live region, like the contrast warning: filling a field is announced as it leaves the list.
 */
export function PublicCommentGaps({ values }: { values: CampaignFormValues }) {
  const titleId = useId();
  const gaps = publicCommentGaps(values);
  return (
    <div aria-live="polite">
      {gaps.length > 0 && (
        <div className="public-comment-gaps" role="note" aria-labelledby={titleId}>
          <p id={titleId} className="public-comment-gaps-title">
            {gaps.length === 1 ? 'One field is' : `${gaps.length} fields are`} not set. Letters state only what is set here, so without{' '}
            {gaps.length === 1 ? 'it' : 'them'}:
          </p>
          <ul>
            {gaps.map((g) => (
              <li key={g.field}>
                <strong>{g.label}</strong>
                {g.placeholder && <> ("{g.placeholder}" counts as not set)</>}: {g.without}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
