// @ts-check
/**
 * The SMTP thread (./smtp-lane.ts starts it): nodemailer pools (one per transport) that build each message (MIME,
 * headers, dot-stuffing) and holds the SMTP conversation, on a thread of its own, so that none of
 * it runs on the thread that answers requests. It knows nothing of the database: the pool's
 * options and each message come in as plain data (built by ./smtp-message.ts), what the server
 * answered goes back; a burst of them both ways by the batch.
 *
 * Plain JavaScript on purpose: a worker thread starts without the loader that runs the API's
 * TypeScript, and registering it there (as the PDF worker does) took about a second on a busy
 * 2-core machine before the first e-mail could go; nodemailer alone loads in a few hundred ms.
 */
import { parentPort, workerData } from 'node:worker_threads';
import nodemailer from 'nodemailer';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {Map<number, import('nodemailer').Transporter>} */
const pools = new Map();
/**
 * A pool opened once: the first batch names again the pools this thread was started with, and a
 * second transporter would replace the first and leave its connections open.
 * @param {{ pool: number, options: any }} p
 */
const open = (p) => {
  if (!pools.has(p.pool)) pools.set(p.pool, nodemailer.createTransport(p.options));
};
for (const p of workerData.pools) open(p);
/** @type {Map<number, AbortController>} */
const sending = new Map();
/** @type {unknown[]} */
let results = [];

/** @param {unknown} v */
const text = (v) => (typeof v === 'string' ? v : undefined);

/** The fields of nodemailer's errors that say what went wrong (failures.ts judges by them). @param {any} error */
const fields = (error) => ({
  message: error instanceof Error ? error.message : String(error),
  code: text(error?.code),
  responseCode: typeof error?.responseCode === 'number' ? error.responseCode : undefined,
  response: text(error?.response),
  command: text(error?.command),
});

/** @param {unknown} result */
function report(result) {
  results.push(result);
  // Everything that finished in this turn goes back in one message.
  if (results.length === 1) {
    setImmediate(() => {
      const done = results;
      results = [];
      port.postMessage({ results: done });
    });
  }
}

port.on('message', (/** @type {any} */ m) => {
  for (const p of m.open) open(p);
  for (const { n, pool, mail } of m.send) {
    const transporter = pools.get(pool);
    if (!transporter) {
      report({ n, ok: false, error: fields(new Error('This transport was closed')) });
      continue;
    }
    const abort = new AbortController();
    sending.set(n, abort);
    transporter
      .sendMail({ ...mail, signal: abort.signal })
      .then(
        (info) =>
          report({
            n,
            ok: true,
            response: String(info.response ?? '250 accepted'),
            rejected: (info.rejected ?? []).map(String),
            rejectedResponses: (info.rejectedErrors ?? []).map((/** @type {any} */ e) => text(e?.response) ?? ''),
          }),
        (error) => report({ n, ok: false, error: fields(error) }),
      )
      .finally(() => sending.delete(n));
  }
  // After the sends: an abort may name a send of this same batch (its signal fired in the turn it was handed over).
  for (const n of m.abort) sending.get(n)?.abort();
  // After the sends of the same turn. nodemailer lets the conversations under way finish and fails
  // the messages still queued in the pool ("Connection pool was closed"): temporary failures, which
  // the mail worker tries again (./failures.ts).
  for (const pool of m.close) {
    pools.get(pool)?.close();
    pools.delete(pool);
  }
});
