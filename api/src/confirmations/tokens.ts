import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The secrets in a supporter's e-mail links, which Dais never stores. Each is made when the e-mail
 * is sent, from the installation's secret and the e-mail's outbox row (its id and its Message-ID,
 * fixed when it was queued, so every try of a message carries the same links): 32 bytes, base64url.
 * The last 24 are an HMAC-SHA-256 of the link's kind, the row's id and its Message-ID; the first 8
 * are the row's id, hidden by a pad drawn from that HMAC (so a link does not show how many e-mails
 * an installation has sent), which is how a link finds its row. So neither the outbox, nor the
 * development mailbox, nor supporter_mails holds anything a link could be made from without
 * SESSION_SECRET, and no token or hash of one needs an index of random keys on every signature's
 * e-mail. Changing SESSION_SECRET voids the links already sent, as it does the bot check's challenges.
 */
export type LinkKind = 'confirm' | 'remove';

const ID_BYTES = 8;
const MAC_BYTES = 24;

/** The links' HMAC key: derived, so that it is neither the session secret nor the bot check's key. */
export const linkKey = (secret: string): Buffer => createHmac('sha256', secret).update('dais supporter mail links v1').digest();

const macOf = (key: Buffer, kind: LinkKind, outboxId: number, messageId: string) =>
  createHmac('sha256', key).update(`${kind}\n${outboxId}\n${messageId}`).digest().subarray(0, MAC_BYTES);

const padOf = (key: Buffer, mac: Buffer) => createHmac('sha256', key).update('id\n').update(mac).digest().subarray(0, ID_BYTES);

/** The token of one link of one e-mail (43 characters, as contract/confirmation.ts admits). */
export function linkToken(key: Buffer, kind: LinkKind, outboxId: number, messageId: string): string {
  const mac = macOf(key, kind, outboxId, messageId);
  const id = Buffer.alloc(ID_BYTES);
  id.writeBigUInt64BE(BigInt(outboxId));
  const pad = padOf(key, mac);
  for (let i = 0; i < ID_BYTES; i++) id[i]! ^= pad[i]!;
  return Buffer.concat([id, mac]).toString('base64url');
}

/** The largest id an outbox row can have: its column is a signed 32-bit integer. */
const MOST_OUTBOX_ID = 0x7fff_ffffn;

/** The outbox row a token names, or null when it names none: still to be checked against it (tokenFits). */
export function outboxIdOf(key: Buffer, token: string): number | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const id = Buffer.from(bytes.subarray(0, ID_BYTES));
  const pad = padOf(key, bytes.subarray(ID_BYTES));
  for (let i = 0; i < ID_BYTES; i++) id[i]! ^= pad[i]!;
  const n = id.readBigUInt64BE();
  // Outbox ids are 32-bit integers on both databases: a forged token decodes to any 64-bit number,
  // which PostgreSQL would refuse as out of range (an error, not "no such e-mail").
  return n > 0n && n <= MOST_OUTBOX_ID ? Number(n) : null;
}

/** Whether `token` is this kind of link of this e-mail; compared in constant time. */
export function tokenFits(key: Buffer, kind: LinkKind, token: string, outboxId: number, messageId: string): boolean {
  const ours = Buffer.from(linkToken(key, kind, outboxId, messageId));
  const theirs = Buffer.from(token);
  return ours.length === theirs.length && timingSafeEqual(ours, theirs);
}
