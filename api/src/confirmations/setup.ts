import type { DataSource } from 'typeorm';
import type { Database } from '../db/data-source';
import type { Logger } from '../http/logger';
import { renderOutboxTextWith } from '../mail/outbox';
import { renderLinks } from './links';
import { linkKey } from './tokens';

/**
 * What the confirmation e-mails need from the configuration: where their links point, how long they
 * work and the key they are made with. Set once per database by createApp, read inside the
 * transactions that queue the mail and by the mail worker as it sends.
 */
export interface ConfirmationSettings {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** CONFIRMATION_DAYS: a link's life, and how long a pending record waits for it. */
  days: number;
  /** Where e-mails that could not be queued after a commit are reported (./mail-soon.ts). */
  logger: Logger;
  /** The links' key, from SESSION_SECRET (./tokens.ts). */
  linkKey: Buffer;
}

const settings = new WeakMap<DataSource, ConfirmationSettings>();

export function prepareConfirmations(db: Database, s: Omit<ConfirmationSettings, 'linkKey'> & { secret: string }): void {
  const prepared = { publicUrl: s.publicUrl.replace(/\/+$/, ''), days: s.days, logger: s.logger, linkKey: linkKey(s.secret) };
  settings.set(db.ds, prepared);
  // Supporter e-mails are stored with a mark where each link goes; the worker writes the links in as it sends.
  renderOutboxTextWith(db, (mails) => renderLinks(db, prepared, mails));
}

export function confirmationSettings(ds: DataSource): ConfirmationSettings {
  const known = settings.get(ds);
  // A link to the wrong site would confirm nothing and leak the token there: never guess.
  if (!known) throw new Error('Confirmations of this database are not prepared: call prepareConfirmations(db, ...) first (createApp does)');
  return known;
}
