import { randomUUID } from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { afterCommit } from '../db/after-commit';
import type { Database } from '../db/data-source';
import type { MailOutboxRow } from '../db/types';
import { dbNow, tuples } from './sql';

/**
 * The mail outbox: an e-mail is a row in `mail_outbox`, written in the same transaction as the
 * decision to send it (a delivery, a submitted letter), so it exists exactly when that decision was
 * committed. The worker (./worker.ts) sends it afterwards, with retries; nothing here talks SMTP.
 */

export interface QueuedAttachment {
  /** Rendered by the worker at send time from the database, never stored in the outbox row. */
  kind: 'packet-pdf' | 'packet-csv';
  campaign_id: number;
  /** Letters submitted after `since` (exclusive, ISO 8601) and up to `until` (inclusive). */
  since: string | null;
  until: string;
}

export interface MailToQueue {
  to: string[];
  /** Copies: every address here sees every other, as the To addresses do. */
  cc?: string[];
  subject: string;
  text: string;
  attachments?: QueuedAttachment[];
}

/** What a caller keeps: the row (deliveries.outbox_id) and the Message-ID every send of it carries. */
export interface QueuedMail {
  id: number;
  message_id: string;
}

const isoTime = z.iso.datetime({ offset: true });

/** A programming error, not a visitor's: routes validate recipients with their own schemas first. */
const mailSchema = z.object({
  to: z.array(z.email()).min(1).max(50),
  cc: z.array(z.email()).max(50).default([]),
  // A header line: a line break would start another header.
  subject: z.string().trim().min(1).max(500).regex(/^[^\r\n]*$/, 'a subject is one line'),
  text: z.string().max(1_000_000),
  attachments: z
    .array(
      z.object({
        kind: z.enum(['packet-pdf', 'packet-csv']),
        campaign_id: z.number().int().positive(),
        since: isoTime.nullable(),
        until: isoTime,
      }),
    )
    .max(10)
    .default([]),
});

/** Records the mail in the caller's transaction; the worker sends it after COMMIT. */
export async function queueMail(m: EntityManager, mail: MailToQueue): Promise<QueuedMail> {
  return (await queueMails(m, [mail]))[0]!;
}

/**
 * Records several mails in the caller's transaction with one multi-row INSERT (a signature batch's
 * confirmations), in the order given; the worker sends them after COMMIT.
 */
export async function queueMails(m: EntityManager, mails: MailToQueue[]): Promise<QueuedMail[]> {
  if (mails.length === 0) return [];
  const setup = setupOf(m.dataSource);
  const dialect = m.dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  const params: unknown[] = [];
  const messageIds: string[] = [];
  for (const mail of mails) {
    const parsed = mailSchema.safeParse(mail);
    if (!parsed.success) throw new Error(`queueMail: ${z.prettifyError(parsed.error)}`);
    const { to, cc, subject, text, attachments } = parsed.data;
    // Fixed now, so that a resend after a crash carries the same one and the recipient's mail
    // program (and the duplicate check of most servers) sees one message.
    const messageId = `<${randomUUID()}@${setup.messageIdDomain}>`;
    messageIds.push(messageId);
    // recipients and attachments are simple-json columns: JSON text, as TypeORM writes them.
    params.push(messageId, JSON.stringify(to), cc.length ? JSON.stringify(cc) : null, subject, text, JSON.stringify(attachments));
  }
  // status, attempts, created_at and updated_at take their defaults; next_attempt_at is the
  // database's clock, which the worker's claim compares with.
  const inserted = (await m.queryRunner!.query(
    `INSERT INTO "mail_outbox" ("message_id", "recipients", "cc", "subject", "text", "attachments", "next_attempt_at")
     VALUES ${tuples(dialect, mails.length, 6, dbNow(dialect))} RETURNING "id", "message_id"`,
    params,
    true,
  )) as { records?: { id: number | string; message_id: string }[] };
  // Matched by Message-ID: neither database promises RETURNING rows in VALUES order.
  const ids = new Map((inserted.records ?? []).map((r) => [r.message_id, Number(r.id)]));
  afterCommit(m, () => {
    for (const listener of setup.listeners) listener();
  });
  return messageIds.map((message_id) => ({ id: ids.get(message_id)!, message_id }));
}

/**
 * Where each message stands, for what shows a delivery's status (deliveries.outbox_id). A `queued`
 * message with a last_error is waiting to be tried again, or waiting for SMTP_URL (NO_SMTP_REASON);
 * a `sent` one with a last_error had recipients the server refused.
 */
export type OutboxState = Pick<
  MailOutboxRow,
  'id' | 'message_id' | 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'smtp_response' | 'sent_at' | 'created_at'
>;

export async function readOutbox(db: Database, ids: number[]): Promise<Map<number, OutboxState>> {
  if (ids.length === 0) return new Map();
  const rows = await db.ds.getRepository(db.entities.MailOutbox).find({
    select: { id: true, message_id: true, status: true, attempts: true, next_attempt_at: true, last_error: true, smtp_response: true, sent_at: true, created_at: true },
    where: { id: In(ids) },
  });
  return new Map(rows.map((r) => [r.id, r]));
}

interface OutboxSetup {
  messageIdDomain: string;
  /** Workers of this process to wake when a transaction that queued mail has committed. */
  listeners: Set<() => void>;
  /** What makes a stored text into the one sent (the links of a supporter e-mail), if anything. */
  renderText?: TextRenderer;
}

/**
 * Stored texts as they are to be sent: given rows' ids, Message-IDs and texts, the texts to send, in
 * the same order (a batch at a time: the worker renders what one claim took in one go).
 */
export type TextRenderer = (mails: StoredText[]) => Promise<string[]>;

export interface StoredText {
  id: number;
  message_id: string;
  text: string;
}

const setups = new WeakMap<DataSource, OutboxSetup>();

/** Gives this database's outbox the domain of its Message-IDs (createApp and main.ts call it). */
export function prepareOutbox(db: Database, settings: { messageIdDomain: string }): void {
  const known = setups.get(db.ds);
  if (known) known.messageIdDomain = settings.messageIdDomain;
  else setups.set(db.ds, { messageIdDomain: settings.messageIdDomain, listeners: new Set() });
}

/**
 * Sets how this database's stored texts are made into the texts sent (and shown by the development
 * mailbox): a text may hold what must never be stored, such as the links of a supporter e-mail,
 * which confirmations/ writes in from a secret when the message goes (prepareConfirmations sets it).
 */
export function renderOutboxTextWith(db: Database, renderer: TextRenderer): void {
  setupOf(db.ds).renderText = renderer;
}

/** What a stored text holds where a renderer writes something in (U+0001 never comes from a form: validation refuses control characters). */
export const OUTBOX_MARK = '\u0001';

/**
 * The texts to send for stored messages: their stored texts, rendered if a renderer is set. A text
 * with marks and no renderer to fill them is refused (a temporary failure: a process that has one
 * sends it), never sent with its marks and without its links.
 */
export async function renderOutboxTexts(db: Database, mails: StoredText[]): Promise<string[]> {
  const render = setups.get(db.ds)?.renderText;
  if (render) return mails.length > 0 ? render(mails) : [];
  if (mails.some((m) => m.text.includes(OUTBOX_MARK))) throw new Error('This process cannot write in what this message leaves to be written as it goes (its links): no renderer is set');
  return mails.map((m) => m.text);
}

/** The text to send for one stored message. */
export async function renderOutboxText(db: Database, mail: StoredText): Promise<string> {
  return (await renderOutboxTexts(db, [mail]))[0]!;
}

/** Calls `listener` after every commit that queued mail through this process; returns the unsubscribe. */
export function onMailQueued(db: Database, listener: () => void): () => void {
  const setup = setupOf(db.ds);
  setup.listeners.add(listener);
  return () => setup.listeners.delete(listener);
}

function setupOf(ds: DataSource): OutboxSetup {
  const setup = setups.get(ds);
  if (!setup) throw new Error('The mail outbox of this database is not prepared: call prepareOutbox(db, config.mail) first (createApp does)');
  return setup;
}
