import type { EntityManager } from 'typeorm';
import type { Database } from '../db/data-source';
import type { SupporterMailRow } from '../db/types';
import { OUTBOX_MARK, type StoredText } from '../mail/outbox';
import { inList, listParams } from '../mail/sql';
import { outboxIdOf, linkToken, tokenFits, type LinkKind } from './tokens';

/**
 * Where the two links of a supporter e-mail go in its text: a mark, written when the e-mail is
 * queued and replaced by the link only as it is sent (the mail worker renders every text through
 * mail/outbox.ts's renderer, which prepareConfirmations sets to renderLinks) or shown in the
 * development mailbox. So mail_outbox and dev_mailbox never hold a usable link, queued or sent.
 *
 * The marks hold a control character, which nothing typed into the e-mail keeps (mail-text.ts takes
 * them out of names, streets, titles and letters), so nobody can make a link appear where they chose
 * ("to remove this letter, click: ..." in a letter's opening).
 */
export const LINK_MARKS = { confirm: `${OUTBOX_MARK}confirm-link${OUTBOX_MARK}`, remove: `${OUTBOX_MARK}remove-link${OUTBOX_MARK}` } as const;

export interface LinkSettings {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** From SESSION_SECRET (./tokens.ts). */
  linkKey: Buffer;
}

/**
 * The texts of outbox messages with their links written in, for those that are supporter e-mails of
 * ours (a supporter_mails row names them; one query for the batch); any other text as it is.
 */
export async function renderLinks(db: Database, s: LinkSettings, mails: StoredText[]): Promise<string[]> {
  const marked = mails.filter((m) => m.text.includes(LINK_MARKS.confirm) || m.text.includes(LINK_MARKS.remove));
  const ours = new Set<number>();
  if (marked.length > 0) {
    const d = db.dialect;
    const rows = (await db.ds.query(
      `SELECT "outbox_id" FROM "supporter_mails" WHERE ${inList(d, '"outbox_id"', 1, marked.length, 'int')}`,
      listParams(d, marked.map((m) => m.id)),
    )) as { outbox_id: number | string }[];
    for (const r of rows) ours.add(Number(r.outbox_id));
  }
  return mails.map((mail) => {
    if (!ours.has(mail.id)) return mail.text;
    const link = (kind: LinkKind) => `${s.publicUrl}/${kind}/${linkToken(s.linkKey, kind, mail.id, mail.message_id)}`;
    return mail.text.replaceAll(LINK_MARKS.confirm, link('confirm')).replaceAll(LINK_MARKS.remove, link('remove'));
  });
}

/** The supporter e-mail a link belongs to, or null: a link Dais did not make, or whose e-mail is gone. */
export async function mailOfLink(m: EntityManager, db: Database, s: LinkSettings, kind: LinkKind, token: string): Promise<SupporterMailRow | null> {
  const outboxId = outboxIdOf(s.linkKey, token);
  if (outboxId === null) return null;
  const mail = await m.getRepository(db.entities.SupporterMail).findOneBy({ outbox_id: outboxId });
  const outbox = mail && (await m.getRepository(db.entities.MailOutbox).findOne({ select: { id: true, message_id: true }, where: { id: outboxId } }));
  if (!mail || !outbox) return null;
  return tokenFits(s.linkKey, kind, token, outboxId, outbox.message_id) ? mail : null;
}
