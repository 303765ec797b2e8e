import type { DataSource } from 'typeorm';
import type { Database } from '../db/data-source';
import type { Logger } from '../http/logger';

/**
 * What the confirmation e-mails need from the configuration: where their links point and how long
 * they work. Set once per database by createApp, read inside the transactions that queue the mail.
 */
export interface ConfirmationSettings {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** CONFIRMATION_DAYS: a link's life, and how long a pending record waits for it. */
  days: number;
  /** Where e-mails that could not be queued after a commit are reported (./mail-soon.ts). */
  logger: Logger;
}

const settings = new WeakMap<DataSource, ConfirmationSettings>();

export function prepareConfirmations(db: Database, s: ConfirmationSettings): void {
  settings.set(db.ds, { ...s, publicUrl: s.publicUrl.replace(/\/+$/, '') });
}

export function confirmationSettings(ds: DataSource): ConfirmationSettings {
  const known = settings.get(ds);
  // A link to the wrong site would confirm nothing and leak the token there: never guess.
  if (!known) throw new Error('Confirmations of this database are not prepared: call prepareConfirmations(db, ...) first (createApp does)');
  return known;
}
