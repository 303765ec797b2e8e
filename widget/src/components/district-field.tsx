import type { PublicCampaign } from '@dais/api/contract';
import { Field } from './field';
import { useTexts } from './widget-context';

interface DistrictFieldProps {
  districts: PublicCampaign['districts'];
  /** The server's complaint about `district_id`, in the supporter's language. */
  error?: string | undefined;
  /** Pre-selected: the district the supporter chose when signing. */
  start?: number | null | undefined;
}

/**
 * 'Which district do you live in?' where the campaign has districts; nothing where it has none.
 * Optional and on 'Not sure' to begin with: the server places the address itself where a geocoder
 * is configured, so nobody is made to choose. A native select: a phone opens its own picker.
 */
export function DistrictField({ districts, error, start }: DistrictFieldProps) {
  const texts = useTexts();
  if (districts.length === 0) return null;
  return (
    <Field label={texts.whichDistrict} name="district_id" control="select" optional defaultValue={start ?? ''} error={error}>
      <option value="">{texts.notSure}</option>
      {districts.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </Field>
  );
}
