import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { smtpServerLabel } from './mail-config';
import { smtpOptions } from './transports';

const PUBLIC = {
  PUBLIC_URL: 'https://dais.example.org',
  GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
};

describe('mail configuration (SMTP_URL, MAIL_FROM)', () => {
  it('sends over SMTP when SMTP_URL is set, from MAIL_FROM, with Message-IDs in its domain', () => {
    const { mail } = loadConfig({ ...PUBLIC, SMTP_URL: 'smtps://dais%40example.org:p%3Ass@smtp.example.org:465', MAIL_FROM: 'Riverside Coalition <Comments@Riverside.Example.org>' });
    expect(mail).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtps://dais%40example.org:p%3Ass@smtp.example.org:465',
      from: 'Riverside Coalition <Comments@Riverside.Example.org>',
      messageIdDomain: 'riverside.example.org',
    });
    expect(smtpServerLabel(mail.smtpUrl!)).toBe('smtps://smtp.example.org:465');
  });

  it('keeps mail in the development mailbox only on a loopback PUBLIC_URL outside production', () => {
    expect(loadConfig({}).mail).toMatchObject({ transport: 'dev-mailbox', smtpUrl: null, from: 'Dais <dais@localhost>', messageIdDomain: 'localhost' });
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).mail.transport).toBe('dev-mailbox');
    expect(loadConfig({ NODE_ENV: 'production', ...PUBLIC, PUBLIC_URL: 'http://localhost:3000' }).mail.transport).toBe('unconfigured');
    // A public address without SMTP_URL: held in the outbox, never dropped, never a page open to anyone.
    expect(loadConfig(PUBLIC).mail).toMatchObject({ transport: 'unconfigured', from: 'Dais <dais@dais.example.org>', messageIdDomain: 'dais.example.org' });
    expect(loadConfig({ ...PUBLIC, NODE_ENV: 'production' }).mail.transport).toBe('unconfigured');
  });

  it('counts a blank SMTP_URL or MAIL_FROM as unset, as a .env line left empty', () => {
    expect(loadConfig({ SMTP_URL: '', MAIL_FROM: ' ' }).mail.transport).toBe('dev-mailbox');
  });

  it('refuses SMTP_URL without MAIL_FROM, and says what to set', () => {
    expect(problems({ SMTP_URL: 'smtp://smtp.example.org:587' })).toContain(
      "MAIL_FROM: SMTP_URL is set: set MAIL_FROM too, the address mail is sent from, like 'Dais <dais@example.org>'",
    );
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// with a host', () => {
    for (const bad of ['smtp.example.org', 'http://smtp.example.org', 'smtp://', 'direct://x', 'smtp://user:pa ss@', 'mailto:dais@example.org']) {
      expect(problems({ SMTP_URL: bad, MAIL_FROM: 'dais@example.org' }), bad).toContain(
        "SMTP_URL: SMTP_URL must be like 'smtp://USER:PASSWORD@smtp.example.org:587' (STARTTLS) or 'smtps://USER:PASSWORD@smtp.example.org:465' (TLS)",
      );
    }
  });

  it('refuses a MAIL_FROM that is not exactly one e-mail address', () => {
    for (const bad of ['dais', 'Dais <dais>', 'a@example.org, b@example.org', 'dais@example.org\r\nBcc: victim@example.org', 'Dais <>']) {
      expect(problems({ MAIL_FROM: bad }), bad).toContain("MAIL_FROM: MAIL_FROM must be one e-mail address, like 'Dais <dais@example.org>' or 'dais@example.org'");
    }
    for (const good of ['dais@example.org', 'Dais <dais@example.org>', '"Dais, the coalition" <dais@example.org>']) {
      expect(problems({ MAIL_FROM: good }), good).toBe('');
    }
  });

  it('makes a plain smtp:// connection to another machine upgrade to TLS before it sends the password', () => {
    expect(smtpOptions('smtp://u:p@smtp.example.org:587').requireTLS).toBe(true);
    expect(smtpOptions('smtp://u:p@10.0.0.5:25').requireTLS).toBe(true);
    // Already TLS, or never leaving this machine.
    expect(smtpOptions('smtps://u:p@smtp.example.org:465').requireTLS).toBe(false);
    expect(smtpOptions('smtp://127.0.0.1:2525').requireTLS).toBe(false);
    expect(smtpOptions('smtp://localhost:2525').requireTLS).toBe(false);
  });

  it('makes the server exit non-zero with one readable line when SMTP_URL comes without MAIL_FROM', async () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'dais-mail-boot-'));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'main.ts')], {
      cwd: import.meta.dirname,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${path.join(cwd, 'dais.db')}`, PORT: '0', SMTP_URL: 'smtp://smtp.example.org:587' },
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
    expect(stderr).toContain('MAIL_FROM: SMTP_URL is set: set MAIL_FROM too');
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
