import { LIMITS } from '@dais/api/contract';
import { Field } from './field';

/**
 * Name, e-mail, address and optional phone: the same block on both forms. The signature API names
 * the first two `name`/`email`, the letter API `supporter_name`/`supporter_email`.
 */
export function PersonFields({ prefix, errors }: { prefix: '' | 'supporter_'; errors: Record<string, string> }) {
  const err = (name: string) => errors[name];
  return (
    <>
      <Field label="Full Name" name={`${prefix}name`} autoComplete="name" minLength={LIMITS.name.min} maxLength={LIMITS.name.max} error={err(`${prefix}name`)} />
      <Field label="Email Address" name={`${prefix}email`} type="email" autoComplete="email" maxLength={LIMITS.email.max} error={err(`${prefix}email`)} />
      <Field label="Street Address" name="street_address" autoComplete="street-address" maxLength={LIMITS.street.max} error={err('street_address')} />
      <div className="row">
        <Field label="City" name="city" autoComplete="address-level2" maxLength={LIMITS.city.max} error={err('city')} />
        <Field label="State" name="state" autoComplete="address-level1" minLength={LIMITS.state.min} maxLength={LIMITS.state.max} error={err('state')} />
        <Field label="ZIP Code" name="zip_code" autoComplete="postal-code" minLength={LIMITS.zip.min} maxLength={LIMITS.zip.max} error={err('zip_code')} />
      </div>
      <Field label="Phone Number" name="phone_number" type="tel" autoComplete="tel" optional maxLength={LIMITS.phone.max} error={err('phone_number')} />
    </>
  );
}
