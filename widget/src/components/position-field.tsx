import { useId } from 'react';
import { positionsOffered, type Position, type PublicCampaign } from '@dais/api/contract';
import { useTexts } from './widget-context';

interface PositionFieldProps {
  campaign: Pick<PublicCampaign, 'position_options' | 'position_labels'>;
  /** The server's complaint about `position`, in the supporter's language. */
  error?: string | undefined;
  /** Pre-selected: the position the supporter chose when signing. Otherwise nothing is: a default would choose for them. */
  start?: Position | null | undefined;
}

/**
 * The required radio group where the campaign asks a position; nothing where it asks none. The
 * choices are the organiser's words. As with Field, the error is tied to every radio by
 * aria-describedby and aria-invalid, so useServerForm's focus lands on the first and it is read out.
 */
export function PositionField({ campaign, error, start }: PositionFieldProps) {
  const id = useId();
  const texts = useTexts();
  const offered = positionsOffered(campaign.position_options);
  if (offered.length === 0) return null;
  return (
    <fieldset className={error ? 'bad' : undefined} part="position">
      <legend>{texts.yourPosition}</legend>
      {offered.map((p) => (
        <label key={p} className="check">
          <input
            type="radio"
            name="position"
            value={p}
            required
            defaultChecked={start === p}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}e` : undefined}
          />
          <span>{campaign.position_labels[p]}</span>
        </label>
      ))}
      {error && (
        <p id={`${id}e`} className="err">
          {error}
        </p>
      )}
    </fieldset>
  );
}
