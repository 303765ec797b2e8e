import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const PUBLIC = {
  PUBLIC_URL: 'https://dais.example.org',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
};
const VERSION = /^Dais\/\d+\.\d+\.\d+/;

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe('geocoder configuration (GEOCODER, GEOCODER_URL)', () => {
  it('is off by default, and when blank, whatever GEOCODER_URL says', () => {
    expect(loadConfig({}).geocoder).toEqual({ provider: 'off' });
    expect(loadConfig({ GEOCODER: ' ' }).geocoder).toEqual({ provider: 'off' });
    expect(loadConfig({ GEOCODER: 'off', GEOCODER_URL: 'https://nominatim.example.org/' }).geocoder).toEqual({ provider: 'off' });
  });

  it('refuses any other GEOCODER, naming the three it takes', () => {
    for (const bad of ['google', 'true', 'census,nominatim', 'on']) {
      expect(problems({ GEOCODER: bad }), bad).toContain("GEOCODER: GEOCODER must be 'census', 'nominatim' or 'off'");
    }
    // Case and spaces are an operator's typing, not a different choice.
    expect(loadConfig({ GEOCODER: ' Census ' }).geocoder.provider).toBe('census');
  });

  it("asks the public services by default: the Census Bureau's and OpenStreetMap's", () => {
    expect(loadConfig({ GEOCODER: 'census' }).geocoder).toMatchObject({ provider: 'census', baseUrl: 'https://geocoding.geo.census.gov/geocoder/' });
    expect(loadConfig({ GEOCODER: 'nominatim', CONTACT_EMAIL: 'hello@example.org' }).geocoder).toMatchObject({
      provider: 'nominatim',
      baseUrl: 'https://nominatim.openstreetmap.org/',
    });
  });

  it('takes GEOCODER_URL as the base address, with the final slash its paths need', () => {
    const at = (url: string) => loadConfig({ GEOCODER: 'census', GEOCODER_URL: url }).geocoder;
    expect(at('http://127.0.0.1:8080/geocoder')).toMatchObject({ baseUrl: 'http://127.0.0.1:8080/geocoder/' });
    expect(at('https://geo.example.org/')).toMatchObject({ baseUrl: 'https://geo.example.org/' });
  });

  it('refuses a GEOCODER_URL that is not an http(s) base address', () => {
    for (const bad of ['geocoding.geo.census.gov', 'ftp://geo.example.org/', 'https://geo.example.org/?key=1', 'https://user:pw@geo.example.org/', 'http://']) {
      expect(problems({ GEOCODER: 'census', GEOCODER_URL: bad }), bad).toContain("GEOCODER_URL: GEOCODER_URL must be the API's base address");
    }
  });

  it("refuses OpenStreetMap's Nominatim without CONTACT_EMAIL, not a Nominatim of one's own", () => {
    expect(problems({ GEOCODER: 'nominatim' })).toContain(
      "CONTACT_EMAIL: GEOCODER=nominatim asks OpenStreetMap's public server, whose usage policy wants a contact: set CONTACT_EMAIL",
    );
    expect(problems({ GEOCODER: 'nominatim', GEOCODER_URL: 'https://Nominatim.OpenStreetMap.org' })).toContain('CONTACT_EMAIL: ');
    expect(problems({ GEOCODER: 'nominatim', GEOCODER_URL: 'https://nominatim.example.org/' })).toBe('');
    expect(problems({ GEOCODER: 'census' })).toBe('');
  });

  it('names Dais, its version, the installation and its contact in the User-Agent', () => {
    const agent = (env: Record<string, string>) => {
      const { geocoder } = loadConfig({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://127.0.0.1:9/', ...env });
      return geocoder.provider === 'off' ? '' : geocoder.userAgent;
    };
    expect(agent({ ...PUBLIC, CONTACT_EMAIL: 'hello@example.org' })).toMatch(new RegExp(`${VERSION.source} \\(\\+https://dais\\.example\\.org; hello@example\\.org\\)$`));
    expect(agent(PUBLIC)).toMatch(new RegExp(`${VERSION.source} \\(\\+https://dais\\.example\\.org\\)$`));
    // A loopback PUBLIC_URL identifies nobody to the geocoder's operators: only the contact goes.
    expect(agent({ CONTACT_EMAIL: 'hello@example.org' })).toMatch(new RegExp(`${VERSION.source} \\(hello@example\\.org\\)$`));
    expect(agent({})).toMatch(new RegExp(`${VERSION.source}$`));
  });

  it('makes the server exit non-zero with one readable line for an unknown GEOCODER', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-geocoder-boot-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
      cwd: import.meta.dirname,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${path.join(cwd, 'dais.db')}`, PORT: '0', GEOCODER: 'google' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(timer);
    fs.rmSync(cwd, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toContain('Dais cannot start; fix the configuration (see .env.example)');
    expect(stderr).toContain("GEOCODER: GEOCODER must be 'census', 'nominatim' or 'off'");
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
