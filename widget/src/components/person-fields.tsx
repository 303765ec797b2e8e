import { LIMITS, type Position, type PublicCampaign } from '@dais/api/contract';
import { DistrictField } from './district-field';
import { Field } from './field';
import { useTexts } from './widget-context';

/** Who the supporter said they are, carried from the signature's thank-you into the letter form. */
export interface Person {
  name: string;
  email: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  phone_number: string;
  /** The sign form's comment: the letter form's own words start from it. */
  comment?: string;
  /** The position they signed with, where the campaign asks one: the letter's radio starts on it. */
  position?: Position | null;
  /** The district they signed with, where the campaign has districts: the letter's select starts on it. */
  district_id?: number | null;
}

/**
 * Name, e-mail, address, the district where the campaign has districts, and optional phone: the
 * same block on both forms. The signature API names the first two `name`/`email`, the letter API
 * `supporter_name`/`supporter_email`. `start` fills them in (the supporter can still change every one).
 */
export function PersonFields({
  prefix,
  errors,
  start,
  districts,
}: {
  prefix: '' | 'supporter_';
  errors: Record<string, string>;
  start?: Person | null;
  districts: PublicCampaign['districts'];
}) {
  const err = (name: string) => errors[name];
  const t = useTexts();
  return (
    <>
      <Field label={t.fullName} name={`${prefix}name`} autoComplete="name" defaultValue={start?.name} minLength={LIMITS.name.min} maxLength={LIMITS.name.max} error={err(`${prefix}name`)} />
      <Field label={t.emailAddress} name={`${prefix}email`} type="email" autoComplete="email" defaultValue={start?.email} maxLength={LIMITS.email.max} error={err(`${prefix}email`)} />
      <Field label={t.streetAddress} name="street_address" autoComplete="street-address" defaultValue={start?.street_address} maxLength={LIMITS.street.max} error={err('street_address')} />
      <div className="row">
        <Field label={t.city} name="city" autoComplete="address-level2" defaultValue={start?.city} maxLength={LIMITS.city.max} error={err('city')} />
        <Field label={t.state} name="state" autoComplete="address-level1" defaultValue={start?.state} minLength={LIMITS.state.min} maxLength={LIMITS.state.max} error={err('state')} />
        <Field label={t.zipCode} name="zip_code" autoComplete="postal-code" defaultValue={start?.zip_code} minLength={LIMITS.zip.min} maxLength={LIMITS.zip.max} error={err('zip_code')} />
      </div>
      <DistrictField districts={districts} error={err('district_id')} start={start?.district_id} />
      <Field label={t.phoneNumber} name="phone_number" type="tel" autoComplete="tel" defaultValue={start?.phone_number} optional maxLength={LIMITS.phone.max} error={err('phone_number')} />
    </>
  );
}
