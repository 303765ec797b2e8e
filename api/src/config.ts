import path from 'node:path';
import { z } from 'zod';
import { CONFIRMATION_DEFAULT_DAYS } from './contract/confirmation';
import { isLoopbackUrl, loopbackListenAddress } from './public-url';
import { LOG_LEVELS, type LogLevel } from './http/logger';
import { mailSettings, mailFromSchema, smtpUrlSchema, type MailSettings } from './mail/mail-config';
import {
  DEFAULT_GEOCODER_URLS,
  geocoderSchema,
  geocoderSettings,
  geocoderUrlSchema,
  isOsmNominatim,
  type GeocoderSettings,
} from './geocoding/geocoder-config';

/** The repository root: default data paths live under its data/ whatever the working directory. */
/** The repository's root folder (api/src/config.ts is two levels down). */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Typed configuration, validated once at boot. Every variable is documented in .env.example.
 * Values that only make sense together are checked together.
 */

/** TRUST_PROXY: how many reverse proxies stand in front; `true` is one, `false`/`0`/unset none. */
const proxyHops = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? '').trim().toLowerCase();
    if (text === '' || text === 'false' || text === 'no') return 0;
    if (text === 'true' || text === 'yes') return 1;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of Dais, like 1 or 2',
    });
    return z.NEVER;
  });

const DEFAULT_PUBLIC_URL = (port: number) => `http://localhost:${port}`;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .default(`sqlite:${path.join(ROOT, 'data', 'dais.db')}`)
      .refine(
        (v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v),
        "DATABASE_URL must be 'sqlite:PATH' or 'postgres://USER@HOST:PORT/DB'",
      ),
    PUBLIC_URL: z
      .string()
      .url('PUBLIC_URL must be an absolute URL like https://dais.example.org')
      .refine((v) => /^https?:\/\//i.test(v), 'PUBLIC_URL must start with http:// or https://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTHORIZE_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    CONTACT_EMAIL: z.email('CONTACT_EMAIL must be an e-mail address').optional(),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    STOP_GRACE_SECONDS: z.coerce
      .number({ error: 'STOP_GRACE_SECONDS must be a whole number of seconds, like 10' })
      .int('STOP_GRACE_SECONDS must be a whole number of seconds, like 10')
      .min(1, 'STOP_GRACE_SECONDS must be at least 1')
      .max(600, 'STOP_GRACE_SECONDS must be at most 600')
      .default(10),
    DELIVERY_CHECK_SECONDS: z.coerce
      .number({ error: 'DELIVERY_CHECK_SECONDS must be a whole number of seconds, like 30' })
      .int('DELIVERY_CHECK_SECONDS must be a whole number of seconds, like 30')
      .min(1, 'DELIVERY_CHECK_SECONDS must be at least 1')
      .max(3600, 'DELIVERY_CHECK_SECONDS must be at most 3600')
      .default(30),
    CONFIRMATION_DAYS: z.coerce
      .number({ error: 'CONFIRMATION_DAYS must be a whole number of days, like 7' })
      .int('CONFIRMATION_DAYS must be a whole number of days, like 7')
      .min(1, 'CONFIRMATION_DAYS must be at least 1')
      .max(90, 'CONFIRMATION_DAYS must be at most 90')
      .default(CONFIRMATION_DEFAULT_DAYS),
    ANONYMISE_AFTER_DAYS: z.coerce
      .number({ error: 'ANONYMISE_AFTER_DAYS must be a whole number of days, like 180' })
      .int('ANONYMISE_AFTER_DAYS must be a whole number of days, like 180')
      .min(1, 'ANONYMISE_AFTER_DAYS must be at least 1')
      .max(3650, 'ANONYMISE_AFTER_DAYS must be at most 3650')
      .default(180),
    BOT_CHECK: z.enum(['on', 'off'], { error: "BOT_CHECK must be 'on' or 'off'" }).default('on'),
    BOT_CHECK_MAX_NUMBER: z.coerce
      .number({ error: 'BOT_CHECK_MAX_NUMBER must be a whole number, like 50000' })
      .int('BOT_CHECK_MAX_NUMBER must be a whole number, like 50000')
      .min(1000, 'BOT_CHECK_MAX_NUMBER must be at least 1000')
      .max(10_000_000, 'BOT_CHECK_MAX_NUMBER must be at most 10000000')
      .default(50_000),
    TRUST_PROXY: proxyHops,
    SEED_DEMO_DATA: z.enum(['auto', 'true', 'false']).default('auto'),
    UPLOAD_DIR: z.string().default(path.join(ROOT, 'data', 'uploads')),
    LOG_REQUESTS: z.enum(['true', 'false']).optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    REDIS_URL: z
      .string()
      .regex(/^(rediss?:\/\/.+)?$/, "REDIS_URL must be a Redis URL like 'redis://127.0.0.1:6379'")
      .optional(),
    SMTP_URL: smtpUrlSchema,
    MAIL_FROM: mailFromSchema,
    GEOCODER: geocoderSchema,
    GEOCODER_URL: geocoderUrlSchema,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    // Off this machine, the development sign-in would let anyone in as anyone and the built-in
    // secret is public: whatever NODE_ENV says, a public address needs the real ones.
    const publicUrl = env.PUBLIC_URL ?? DEFAULT_PUBLIC_URL(env.PORT);
    const loopback = isLoopbackUrl(new URL(publicUrl));
    if (!loopback) {
      const why = `PUBLIC_URL ${publicUrl} is not a loopback address, so the development sign-in and secret are off`;
      if (!env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['GOOGLE_CLIENT_ID'],
          message: `${why}: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET (or use a PUBLIC_URL on localhost to try Dais)`,
        });
      }
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: `${why}: set SESSION_SECRET (at least 32 characters)` });
      }
    }
    // Mail that names no sender would be refused or marked as spam by the first server it reaches.
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: "SMTP_URL is set: set MAIL_FROM too, the address mail is sent from, like 'Dais <dais@example.org>'",
      });
    }
    // OpenStreetMap's Nominatim asks heavy users for a way to reach them before it blocks them.
    if (env.GEOCODER === 'nominatim' && isOsmNominatim(env.GEOCODER_URL ?? DEFAULT_GEOCODER_URLS.nominatim) && !env.CONTACT_EMAIL) {
      ctx.addIssue({
        code: 'custom',
        path: ['CONTACT_EMAIL'],
        message:
          "GEOCODER=nominatim asks OpenStreetMap's public server, whose usage policy wants a contact: set CONTACT_EMAIL (sent in the User-Agent), or GEOCODER_URL to a Nominatim of your own",
      });
    }
    if (env.NODE_ENV === 'production') {
      // A public PUBLIC_URL has had its say on these above: one line per variable to set.
      if (!env.GOOGLE_CLIENT_ID && loopback) {
        ctx.addIssue({
          code: 'custom',
          path: ['GOOGLE_CLIENT_ID'],
          message: 'production needs real Google credentials (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
        });
      }
      if (!env.SESSION_SECRET && loopback) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'production needs a SESSION_SECRET' });
      }
      if (!env.PUBLIC_URL) {
        ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'production needs PUBLIC_URL' });
      }
    }
  });

export type Dialect = 'sqlite' | 'postgres';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  database: { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };
  /** Where browsers reach this server; OAuth callbacks and the admin origin check use it. */
  publicUrl: string;
  /** PUBLIC_URL is localhost, 127.x.x.x or [::1]: the only case with a development sign-in and secret. */
  publicUrlIsLoopback: boolean;
  sessionSecret: string;
  /** No Google client, a loopback PUBLIC_URL, not production: the built-in development sign-in. */
  devOAuth: boolean;
  google: {
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
  };
  adminEmails: string[];
  /** Shown on the public pages (footer, privacy notice) as where to write to this installation. */
  contactEmail: string | null;
  rateLimitPerMinute: number;
  /** How long a stop (SIGTERM, SIGINT) waits for open requests before cutting them off and exiting 1. */
  stopGraceMs: number;
  /** How often each process looks for automatic packets that are due (deliveries/scheduler.ts). */
  deliveryCheckMs: number;
  /** How long a supporter's confirmation link works and a pending signature or letter waits for it. */
  confirmationDays: number;
  /** Days after a campaign's comment deadline, or after it was switched off, until its supporters are anonymised. */
  anonymiseAfterDays: number;
  /** The bot check on the public writes (bot-check/proof-of-work.ts). */
  botCheck: { on: boolean; maxNumber: number };
  /** Reverse proxies in front (TRUST_PROXY): the client address is this many X-Forwarded-For entries from the right. */
  trustProxyHops: number;
  seedDemoData: 'auto' | 'true' | 'false';
  uploadDir: string;
  logRequests: boolean;
  /** The least severe level written; 'silent' writes nothing. */
  logLevel: LogLevel;
  /** Where the per-IP limits are counted when set; otherwise PostgreSQL, or memory on SQLite. */
  redisUrl: string | null;
  /** How e-mail leaves (SMTP_URL, the development mailbox, or held in the outbox) and from whom. */
  mail: MailSettings;
  /** Which geocoder places supporters' addresses in districts (GEOCODER, GEOCODER_URL), or off. */
  geocoder: GeocoderSettings;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Dais cannot start; fix the configuration (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? DEFAULT_PUBLIC_URL(e.PORT)).replace(/\/+$/, '');
  const publicUrlIsLoopback = isLoopbackUrl(new URL(publicUrl));
  // The schema refuses a public address without a Google client, and production without one.
  const devOAuth = publicUrlIsLoopback && !e.GOOGLE_CLIENT_ID && e.NODE_ENV !== 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Only this machine can reach a server for a loopback PUBLIC_URL unless HOST says otherwise.
    host: e.HOST ?? (publicUrlIsLoopback ? loopbackListenAddress(new URL(publicUrl)) : '0.0.0.0'),
    database: e.DATABASE_URL.startsWith('sqlite:')
      ? { dialect: 'sqlite', path: e.DATABASE_URL.slice('sqlite:'.length) }
      : { dialect: 'postgres', url: e.DATABASE_URL },
    publicUrl,
    publicUrlIsLoopback,
    // On a loopback PUBLIC_URL a missing secret gets a fixed development value so sign-in survives
    // restarts on a laptop; a public PUBLIC_URL and production refuse to start without one (above).
    sessionSecret: e.SESSION_SECRET ?? 'dais-development-only-session-secret-not-for-production',
    devOAuth,
    google: {
      clientId: e.GOOGLE_CLIENT_ID ?? 'dais-dev-client',
      clientSecret: e.GOOGLE_CLIENT_SECRET ?? 'dais-dev-secret',
      authorizeUrl: devOAuth ? `${publicUrl}/dev-oauth/authorize` : e.GOOGLE_AUTHORIZE_URL,
      tokenUrl: devOAuth ? `${publicUrl}/dev-oauth/token` : e.GOOGLE_TOKEN_URL,
      userinfoUrl: devOAuth ? `${publicUrl}/dev-oauth/userinfo` : e.GOOGLE_USERINFO_URL,
    },
    adminEmails: e.ADMIN_EMAILS,
    contactEmail: e.CONTACT_EMAIL ?? null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    stopGraceMs: e.STOP_GRACE_SECONDS * 1000,
    deliveryCheckMs: e.DELIVERY_CHECK_SECONDS * 1000,
    confirmationDays: e.CONFIRMATION_DAYS,
    anonymiseAfterDays: e.ANONYMISE_AFTER_DAYS,
    botCheck: { on: e.BOT_CHECK === 'on', maxNumber: e.BOT_CHECK_MAX_NUMBER },
    trustProxyHops: e.TRUST_PROXY,
    seedDemoData: e.SEED_DEMO_DATA,
    uploadDir: e.UPLOAD_DIR,
    logRequests: e.LOG_REQUESTS ? e.LOG_REQUESTS === 'true' : e.NODE_ENV !== 'test',
    logLevel: e.LOG_LEVEL,
    // Empty counts as unset, as in a .env file with the line left blank.
    redisUrl: e.REDIS_URL || null,
    mail: mailSettings({ smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, publicUrl, publicUrlIsLoopback, production: e.NODE_ENV === 'production' }),
    geocoder: geocoderSettings({ provider: e.GEOCODER, url: e.GEOCODER_URL, publicUrl, publicUrlIsLoopback, contactEmail: e.CONTACT_EMAIL ?? null }),
  };
}
