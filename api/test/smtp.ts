/**
 * A real SMTP server for tests (smtp-server, on a random port on 127.0.0.1): Dais talks SMTP to it
 * over TCP exactly as to a mail provider, and every message it accepts is read back with mailparser
 * (headers, Message-ID, text, attachments). Tests choose its answers: accept, a temporary (4xx) or
 * permanent (5xx) refusal, a login requirement, or a stall.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: MAIL FROM and every RCPT TO the server accepted. */
  envelope: { from: string; to: string[] };
  /** The message as it came over the wire. */
  raw: Buffer;
  parsed: ParsedMail;
  messageId: string;
  /** Date.now() when the server answered 250 to it. */
  acceptedAt: number;
}

/** What the server answers at the end of DATA (or to a RCPT TO). */
export type Reply = { accept: true } | { code: number; message: string };
export const ACCEPT: Reply = { accept: true };

export interface IncomingMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
  /** This Message-ID has been offered how many times before (accepted or not). */
  offeredBefore: number;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT` (with the user and password when the sink requires a login). */
  url: string;
  port: number;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Every DATA the server got to the end of, accepted or refused. */
  offered: IncomingMail[];
  /** Decides each message's answer; may wait (a stalled server). Default: accept. */
  answer: (mail: IncomingMail) => Reply | Promise<Reply>;
  /** Decides each recipient's answer. Default: accept. */
  answerRecipient: (address: string) => Reply;
  /** Resolves once `count` messages have been accepted (all accepted so far). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  stop: () => Promise<void>;
}

export interface SinkOptions {
  /** Require SMTP AUTH with these credentials (sent in the URL). */
  auth?: { user: string; pass: string };
  /** A fixed port (for a sink that is stopped and started again); default a free one. */
  port?: number;
}

const refusal = (reply: Exclude<Reply, { accept: true }>) => Object.assign(new Error(reply.message), { responseCode: reply.code });

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const offered: IncomingMail[] = [];
  const seen = new Map<string, number>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback, as Dais's own tests' SMTP_URL is smtp://127.0.0.1.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    size: 200 * 1024 * 1024,
    // Dais keeps pooled connections open; a stopping test server closes them rather than wait.
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const reply = sink.answerRecipient(address.address);
      callback('accept' in reply ? undefined : refusal(reply));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw);
          const messageId = parsed.messageId ?? '';
          const envelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          const incoming: IncomingMail = { envelope, raw, parsed, offeredBefore: seen.get(messageId) ?? 0 };
          seen.set(messageId, incoming.offeredBefore + 1);
          offered.push(incoming);
          const reply = await sink.answer(incoming);
          if (!('accept' in reply)) return callback(refusal(reply));
          received.push({ envelope, raw, parsed, messageId, acceptedAt: Date.now() });
          callback(null, `OK: queued as ${received.length}`);
          for (const w of waiters) w();
        })().catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // Errors on a client's socket (Dais aborting a send) are the client's business, not the test's.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';

  const sink: SmtpSink = {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    offered,
    answer: () => ACCEPT,
    answerRecipient: () => ACCEPT,
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the SMTP server accepted ${received.length} message(s) within ${timeoutMs} ms, not ${count}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}
