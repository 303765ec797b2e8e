import { FormField } from '../../../components/form-field';
import { formatNumber } from '../../../lib/format';
import { Link } from '../../../lib/router';
import { useBoundarySets } from '../api/get-boundary-sets';
import type { CampaignPanelProps } from './campaign-form-props';

/**
 * Basic Info's boundary set (issue 25): None, or one of the uploaded sets. Its districts are where
 * the campaign's signatures and letters are placed, and what the campaign page counts them by.
 */
export function BoundarySetField({ values, errors, onChange }: CampaignPanelProps) {
  const sets = useBoundarySets();
  const chosen = values.boundary_set_id;
  // The saved set stays selectable while the list loads (or if it failed): the select never shows a value it does not hold.
  const listed = sets.data ?? [];
  const unlisted = chosen !== '' && !listed.some((s) => String(s.id) === chosen);
  return (
    <fieldset className="fieldset">
      <legend>Districts</legend>
      <FormField
        label="Boundary set"
        error={errors.boundary_set_id}
        hint={
          <>
            Signatures and letters are placed in its districts (the district a supporter chooses, or their address where a geocoder is set up),
            and this page counts them by district. Non-residents are counted and labelled, never refused. None: no districts.{' '}
            {sets.status === 'success' && listed.length === 0 ? 'No boundary sets yet: upload one under ' : 'Upload or look at sets under '}
            <Link to="/admin/districts">Districts</Link>.
          </>
        }
      >
        {(p) => (
          <select {...p} name="boundary_set_id" value={chosen} onChange={(e) => onChange('boundary_set_id', e.target.value)}>
            <option value="">None</option>
            {listed.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name} ({formatNumber(s.district_count)} {s.district_count === 1 ? 'district' : 'districts'})
              </option>
            ))}
            {unlisted && <option value={chosen}>{sets.status === 'loading' ? 'Loading boundary sets...' : `Boundary set ${chosen}`}</option>}
          </select>
        )}
      </FormField>
      {sets.status === 'error' && (
        <p className="field-error" role="alert">
          Could not load the boundary sets: {sets.error.message}{' '}
          <button type="button" className="button button-secondary button-small" onClick={sets.retry}>
            Retry
          </button>
        </p>
      )}
    </fieldset>
  );
}
