/**
 * A real HTTP server for tests (node:http on a random port on 127.0.0.1) that speaks the US Census
 * Geocoder's `locations/address` JSON under /geocoder/ and Nominatim's `search?format=jsonv2` at
 * the root, in their documented shapes. Dais reaches it over TCP exactly as the real services.
 * Tests choose the answer per street address (a point, no match, a status, a body that is not
 * JSON, a delay) and read back every request it got, query and headers included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandinAnswer = (
  /** `more`: further matches after the first, as for an address that exists in two places. */
  | { kind: 'match'; lon: number; lat: number; more?: { lon: number; lat: number }[] }
  /** Nominatim found the street but not the house (place_rank 26); the Census, which never falls back, no match. */
  | { kind: 'street_only'; lon: number; lat: number }
  | { kind: 'no_match' }
  /** An error status with the kind of body the real service sends with it. */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** 200 with a JSON content type and a body cut off halfway, as a broken proxy might pass on. */
  | { kind: 'malformed' }
  /** 200 with JSON of another shape, as another API at a mistaken GEOCODER_URL would answer. */
  | { kind: 'foreign_json' }
) & {
  /** Wait this long before the status line. */
  delayMs?: number;
  /** Send the status line and half the body at once, the rest after this long. */
  bodyDelayMs?: number;
};

export interface StandinRequest {
  service: 'census' | 'nominatim' | 'unknown';
  method: string;
  path: string;
  /** Every query parameter in the order sent, repeats included. */
  query: [string, string][];
  headers: http.IncomingHttpHeaders;
  /** When it arrived (Date.now()): how far apart a provider's requests went. */
  at: number;
}

export interface GeocoderStandin {
  /** A GEOCODER_URL for GEOCODER=census: `http://127.0.0.1:PORT/geocoder/`, the real service's path. */
  censusUrl: string;
  /** A GEOCODER_URL for GEOCODER=nominatim: `http://127.0.0.1:PORT/`. */
  nominatimUrl: string;
  requests: StandinRequest[];
  /** How the stand-in answers requests for this street address (both services); unscripted: no match. */
  script: (streetAddress: string, answer: StandinAnswer) => void;
  stop: () => Promise<void>;
}

const json = (body: unknown) => ({ type: 'application/json;charset=UTF-8', text: JSON.stringify(body) });
const html = (status: number) => ({ type: 'text/html', text: `<html><head><title>${status}</title></head><body><h1>Error ${status}</h1></body></html>` });

/** 5xx and 429 come from the web server in front (an HTML page); a 4xx from the API, in its own JSON. */
function errorReply(service: 'census' | 'nominatim', status: number): Reply {
  if (status >= 500 || status === 429) return { status, ...html(status) };
  return service === 'census'
    ? { status, ...json({ errors: ['Request refused'], status: String(status) }) }
    : { status, ...json({ error: { code: status, message: 'Request refused' } }) };
}

/** The Census reply: `input` echoes the request; each match carries its TIGER line and parsed parts. */
function censusBody(q: URLSearchParams, answer: StandinAnswer): Reply {
  if (!q.get('street')) return { status: 400, ...json({ errors: ['Street address cannot be empty and cannot exceed 100 characters'], status: '400' }) };
  if (q.get('benchmark') !== 'Public_AR_Current') return { status: 400, ...json({ errors: ['Benchmark is not valid'], status: '400' }) };
  if (q.get('format') !== 'json') return { status: 200, type: 'text/html', text: '<html><body>Census Geocoder results page</body></html>' };
  const address = { street: q.get('street'), city: q.get('city'), state: q.get('state'), zip: q.get('zip') };
  const input = { address, benchmark: { isDefault: true, benchmarkDescription: 'Public Address Ranges - Current Benchmark', id: '4', benchmarkName: 'Public_AR_Current' } };
  const points = answer.kind === 'match' ? [answer, ...(answer.more ?? [])] : [];
  const matches = points.map((point) => ({
    matchedAddress: `${String(address.street).toUpperCase()}, ${String(address.city).toUpperCase()}, ${address.state}, ${address.zip}`,
    coordinates: { x: point.lon, y: point.lat },
    tigerLine: { tigerLineId: '111187497', side: 'L' },
    addressComponents: {
      fromAddress: '1', toAddress: '99', preQualifier: '', preDirection: '', preType: '', streetName: 'MAIN',
      suffixType: 'ST', suffixDirection: '', suffixQualifier: '', city: String(address.city).toUpperCase(), state: address.state, zip: address.zip,
    },
  }));
  return { status: 200, ...json({ result: { input, addressMatches: matches } }) };
}

/** Nominatim's jsonv2: an array of places, coordinates as strings, `category` where json says `class`. */
function nominatimBody(q: URLSearchParams, answer: StandinAnswer): Reply {
  const structured = ['amenity', 'street', 'city', 'county', 'state', 'country', 'postalcode'].some((k) => q.has(k));
  if (q.has('q') && structured) {
    return { status: 400, ...json({ error: { code: 400, message: "Structured query parameters(amenity, street, city, county, state, postalcode, country) cannot be used together with 'q' parameter." } }) };
  }
  if (q.get('format') !== 'jsonv2') return { status: 400, ...json({ error: { code: 400, message: 'Parameter \'format\' must be one of: xml, json, jsonv2, geojson, geocodejson.' } }) };
  if (answer.kind !== 'match' && answer.kind !== 'street_only') return { status: 200, ...json([]) };
  const house = answer.kind === 'match';
  const points = answer.kind === 'match' ? [answer, ...(answer.more ?? [])] : [answer];
  const places = points.map((point, i) => ({
    place_id: (house ? 318754212 : 114063907) + i,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'way',
    osm_id: (house ? 41823906 : 15386352) + i,
    lat: String(point.lat),
    lon: String(point.lon),
    category: house ? 'building' : 'highway',
    type: house ? 'house' : 'residential',
    place_rank: house ? 30 : 26,
    importance: house ? 0.00000999999999995449 : 0.0533433333333333,
    addresstype: house ? 'building' : 'road',
    name: '',
    display_name: `${q.get('street')}, ${q.get('city')}, ${q.get('state')}, ${q.get('postalcode')}, United States`,
    boundingbox: [String(point.lat - 0.0001), String(point.lat + 0.0001), String(point.lon - 0.0001), String(point.lon + 0.0001)],
  }));
  // `limit` caps the list (Nominatim's default is 10).
  return { status: 200, ...json(places.slice(0, Number(q.get('limit') ?? 10))) };
}

type Reply = { status: number; type: string; text: string };

function replyFor(service: StandinRequest['service'], q: URLSearchParams, answer: StandinAnswer): Reply {
  if (service === 'unknown') return { status: 404, ...html(404) };
  if (answer.kind === 'status') return errorReply(service, answer.status);
  if (answer.kind === 'malformed') {
    const cut = service === 'census' ? '{"result":{"input":{"address":{"stre' : '[{"place_id":318754212,"licence":"Data';
    return { status: 200, type: 'application/json;charset=UTF-8', text: cut };
  }
  if (answer.kind === 'foreign_json') return { status: 200, ...json({ status: 'ok', data: { lat: 39.8, lng: -89.6 } }) };
  return service === 'census' ? censusBody(q, answer) : nominatimBody(q, answer);
}

export async function startGeocoderStandin(): Promise<GeocoderStandin> {
  const requests: StandinRequest[] = [];
  const answers = new Map<string, StandinAnswer>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, then: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const service = url.pathname === '/geocoder/locations/address' ? 'census' : url.pathname === '/search' ? 'nominatim' : 'unknown';
    requests.push({ service, method: req.method ?? '', path: url.pathname, query: [...url.searchParams], headers: req.headers, at: Date.now() });
    const answer = answers.get(url.searchParams.get('street') ?? '') ?? { kind: 'no_match' };
    const reply = replyFor(service, url.searchParams, answer);
    const headers: http.OutgoingHttpHeaders = { 'content-type': reply.type };
    if (answer.kind === 'status' && answer.retryAfterSeconds !== undefined) headers['retry-after'] = String(answer.retryAfterSeconds);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(reply.status, headers);
      if (!answer.bodyDelayMs) return res.end(reply.text);
      const half = Math.floor(reply.text.length / 2);
      res.write(reply.text.slice(0, half));
      later(answer.bodyDelayMs, () => res.end(reply.text.slice(half)));
    };
    if (answer.delayMs) later(answer.delayMs, send);
    else send();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    censusUrl: `http://127.0.0.1:${port}/geocoder/`,
    nominatimUrl: `http://127.0.0.1:${port}/`,
    requests,
    script: (streetAddress, answer) => answers.set(streetAddress, answer),
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Slow answers still waiting would otherwise hold close() open.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
