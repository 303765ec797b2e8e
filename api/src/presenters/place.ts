import type { AdminLetter, AdminSupporter } from '../contract';
import type { CsvCell } from '../http/csv';
import type { LetterRow, SupporterRow } from '../db/types';

/** Where a signature's or letter's writer lives, as the console reads it (issue 25). */
export const toRowPlace = (r: Pick<SupporterRow | LetterRow, 'district_name' | 'residency' | 'district_source'>) => ({
  district_name: r.district_name,
  residency: r.residency,
  district_source: r.district_source,
});

/** The exports' two columns of it: a campaign without a boundary set leaves both empty. */
export const PLACE_CSV_HEADER = ['District', 'Residency'] as const;

const RESIDENCY_WORDS = { resident: 'resident', non_resident: 'non-resident', unknown: 'unknown', pending: 'pending' } as const;

type Place = Pick<AdminSupporter | AdminLetter, 'district_name' | 'residency' | 'district_source'>;

/** The district's name, marked when the writer chose it rather than a geocoder finding it. */
export const districtCsvCell = (r: Place): CsvCell =>
  r.district_name === null ? '' : r.district_source === 'self_reported' ? `${r.district_name} (self-reported)` : r.district_name;

export const residencyCsvCell = (r: Place): CsvCell => (r.residency === null ? '' : RESIDENCY_WORDS[r.residency]);

export const placeCsvCells = (r: Place): CsvCell[] => [districtCsvCell(r), residencyCsvCell(r)];
