import { describe, expect, it } from 'vitest';
import { BOUNDARY_LIMITS, BOUNDARY_MESSAGES } from '@dais/api/contract';
import { geojsonFromText, nameFromFileName, readGeojsonFile } from './read-geojson';

const file = (name: string, text: string, size = text.length) => ({ name, size, text: () => Promise.resolve(text) });
const collection = { type: 'FeatureCollection', features: [] };

describe('reading a chosen file', () => {
  it('gives the JSON of a file, a byte order mark and pretty-printing included', async () => {
    expect(geojsonFromText(JSON.stringify(collection))).toEqual({ ok: true, geojson: collection });
    expect(await readGeojsonFile(file('wards.geojson', `\uFEFF${JSON.stringify(collection, null, 2)}`))).toEqual({ ok: true, geojson: collection });
  });

  it('says plainly that a file is not JSON, before anything is sent', () => {
    const read = geojsonFromText('{"type": "FeatureCollection", "features": [');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toMatch(/^This file is not JSON, so it cannot be GeoJSON \(.+\): export the boundaries again as GeoJSON$/);
    expect(geojsonFromText('  \n')).toEqual({ ok: false, message: 'This file is empty: export the boundaries again as GeoJSON' });
  });

  it('names a shapefile, a zip or a KML file for what it is, without reading it', async () => {
    const unread = { name: 'wards.shp', size: 10, text: () => Promise.reject(new Error('read')) };
    const refused = (start: string) => ({ ok: false, message: expect.stringMatching(new RegExp(`^${start}`)) });
    expect(await readGeojsonFile(unread)).toEqual(refused('This is part of a shapefile: turn the shapefile into GeoJSON first'));
    expect(await readGeojsonFile(file('Wards.ZIP', 'PK'))).toEqual(refused('This is a zip file'));
    expect(await readGeojsonFile(file('wards.kml', '<kml/>'))).toEqual(refused('This is a KML file'));
  });

  it("refuses a file over the server's limit, measured as compact JSON as the server does", async () => {
    const big = JSON.stringify({ ...collection, pad: 'x'.repeat(BOUNDARY_LIMITS.maxBytes) });
    expect(geojsonFromText(big)).toEqual({ ok: false, message: BOUNDARY_MESSAGES.tooLarge });
    // Pretty-printed just over the limit, compact under it: the server takes it.
    const padded = JSON.stringify(collection) + ' '.repeat(BOUNDARY_LIMITS.maxBytes);
    expect(geojsonFromText(padded).ok).toBe(true);
    const huge = { name: 'wards.geojson', size: 5 * BOUNDARY_LIMITS.maxBytes, text: () => Promise.reject(new Error('read')) };
    expect(await readGeojsonFile(huge)).toEqual({ ok: false, message: BOUNDARY_MESSAGES.tooLarge });
  });
});

describe("a set's name from its file", () => {
  it("is the file's name without its extension, in words", () => {
    expect(nameFromFileName('city-council_wards.geojson')).toBe('city council wards');
    expect(nameFromFileName('Wards 2026.json')).toBe('Wards 2026');
    expect(nameFromFileName('x'.repeat(200) + '.geojson')).toHaveLength(BOUNDARY_LIMITS.name.max);
  });
});
