import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES } from '@dais/api/contract';

export type ReadGeojson = { ok: true; geojson: unknown } | { ok: false; message: string };

/** What the file input offers: GeoJSON by its extensions and its media type (RFC 7946), and plain JSON. */
export const GEOJSON_ACCEPT = '.geojson,.json,application/geo+json,application/json';

/** Files people pick instead of GeoJSON, each with what to do (the help under the form says how). */
const OTHER_FORMATS: [RegExp, string][] = [
  [/\.(shp|shx|dbf|prj|cpg)$/i, 'This is part of a shapefile: turn the shapefile into GeoJSON first (see "From a shapefile to GeoJSON" below), then upload the .geojson file'],
  [/\.zip$/i, 'This is a zip file (a zipped shapefile?): turn the shapefile into GeoJSON first (see "From a shapefile to GeoJSON" below), then upload the .geojson file'],
  [/\.(kml|kmz)$/i, 'This is a KML file: export it as GeoJSON (QGIS or mapshaper can), then upload that'],
  [/\.(gpkg|gdb)$/i, 'This is a GIS database: export the district layer as GeoJSON (QGIS: Export > Save Features As), then upload that'],
  [/\.topojson$/i, 'This is TopoJSON: convert it to GeoJSON (mapshaper can) and upload that'],
];

/** A file this much larger than the limit is not read at all: even pretty-printed, it could not fit. */
const READ_AT_MOST = 4 * BOUNDARY_LIMITS.maxBytes;

/**
 * The text of a chosen file -> its JSON, or why it cannot be sent, said plainly before anything
 * is sent. Whether it is a good FeatureCollection is the server's to say (each problem named).
 */
export function geojsonFromText(text: string): ReadGeojson {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, message: 'This file is empty: export the boundaries again as GeoJSON' };
  let geojson: unknown;
  try {
    geojson = JSON.parse(body);
  } catch (error) {
    const why = error instanceof Error ? ` (${error.message})` : '';
    return { ok: false, message: `This file is not JSON, so it cannot be GeoJSON${why}: export the boundaries again as GeoJSON` };
  }
  // The server measures the file as compact JSON, as it is sent.
  if (new TextEncoder().encode(JSON.stringify(geojson)).length > BOUNDARY_LIMITS.maxBytes) return { ok: false, message: BOUNDARY_MESSAGES.tooLarge };
  return { ok: true, geojson };
}

/** Reads a chosen file in the browser: its kind by name, its size, then its JSON. */
export async function readGeojsonFile(file: Pick<File, 'name' | 'size' | 'text'>): Promise<ReadGeojson> {
  const other = OTHER_FORMATS.find(([pattern]) => pattern.test(file.name));
  if (other) return { ok: false, message: other[1] };
  if (file.size > READ_AT_MOST) return { ok: false, message: BOUNDARY_MESSAGES.tooLarge };
  return geojsonFromText(await file.text());
}

/** A name to start from: the file's, without its extension ('city-council-wards.geojson' -> 'city council wards'). */
export function nameFromFileName(fileName: string): string {
  return fileName
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, BOUNDARY_LIMITS.name.max);
}
