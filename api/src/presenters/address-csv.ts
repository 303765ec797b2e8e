import type { AdminSupporter } from '../contract';
import type { CsvCell } from '../http/csv';

type Address = Pick<AdminSupporter, 'street_address' | 'city' | 'state' | 'zip_code' | 'phone_number'>;

/** The postal address and phone columns, the same in the signatures and the letters exports. */
export const ADDRESS_CSV_HEADER = ['Street address', 'City', 'State', 'ZIP code', 'Phone'] as const;

export const addressCsvCells = (a: Address): CsvCell[] => [a.street_address, a.city, a.state, a.zip_code, a.phone_number];
