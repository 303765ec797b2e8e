import { Worker } from 'node:worker_threads';
import { refusedRecipientsNote } from './failures';
import type { Accepted } from './transports';
import { nodemailerMessage, smtpOptions, type PlainMail } from './smtp-message';

/**
 * The thread that talks SMTP (./smtp-lane-thread.mjs), seen from the thread that answers requests.
 * Building a message and holding its SMTP conversation cost this thread more than the signature
 * that caused it, and a burst of confirmation e-mails made signing wait (npm run bench: p99 near a
 * second): here a message costs a postMessage each way, batched. The claims, leases and outcomes
 * stay with the mail worker on this thread and its database connection (./worker.ts), so nothing
 * about who sends what changes: the thread only sends what it is handed.
 *
 * One thread per process, started with the first SMTP transport and kept (it does not hold the
 * process open); each transport has a nodemailer pool of its own in it.
 */

type Outgoing = { n: number; pool: number; mail: ReturnType<typeof nodemailerMessage> };

/** Into the thread, gathered over one turn of the event loop: pools to open or close, sends, aborts. */
interface ToThread {
  open: { pool: number; options: ReturnType<typeof smtpOptions> }[];
  send: Outgoing[];
  abort: number[];
  close: number[];
}

/** What the thread answers for each send. */
type Result =
  | { n: number; ok: true; response: string; rejected: string[]; rejectedResponses: string[] }
  | { n: number; ok: false; error: { message: string; code?: string; responseCode?: number; response?: string; command?: string } };

/** Out of it: what the server answered, for everything that finished in one turn. */
interface FromThread {
  results: Result[];
}

const THREAD = new URL('./smtp-lane-thread.mjs', import.meta.url);

interface Waiting {
  resolve: (accepted: Accepted) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
  onAbort: () => void;
}

class SmtpThread {
  private worker: Worker | null = null;
  /** The pools of the transports still open, so that a thread started again knows them too. */
  private readonly pools = new Map<number, ReturnType<typeof smtpOptions>>();
  /** The sends each thread was handed: if it dies, those are the ones it leaves unanswered. */
  private readonly handed = new WeakMap<Worker, Set<number>>();
  private readonly waiting = new Map<number, Waiting>();
  private outgoing: ToThread | null = null;
  private next = 0;

  open(pool: number, options: ReturnType<typeof smtpOptions>) {
    this.pools.set(pool, options);
    this.batch().open.push({ pool, options });
  }

  close(pool: number) {
    this.pools.delete(pool);
    this.batch().close.push(pool);
  }

  send(pool: number, mail: PlainMail, signal: AbortSignal): Promise<Accepted> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const n = ++this.next;
      const onAbort = () => this.batch().abort.push(n);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(n, { resolve, reject, signal, onAbort });
      this.batch().send.push({ n, pool, mail: nodemailerMessage(mail) });
    });
  }

  /** What goes to the thread at the end of this turn. */
  private batch(): ToThread {
    if (this.outgoing) return this.outgoing;
    const batch: ToThread = { open: [], send: [], abort: [], close: [] };
    this.outgoing = batch;
    setImmediate(() => {
      this.outgoing = null;
      const worker = this.thread();
      const handed = this.handed.get(worker)!;
      for (const { n } of batch.send) handed.add(n);
      worker.postMessage(batch);
    });
    return batch;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD, { workerData: { pools: [...this.pools].map(([pool, options]) => ({ pool, options })) } });
    const handed = new Set<number>();
    this.handed.set(worker, handed);
    // A process that is stopping does not wait for a thread with nothing to do.
    worker.unref();
    worker.on('message', (m: FromThread) => {
      for (const r of m.results) {
        handed.delete(r.n);
        this.settle(r);
      }
    });
    const gone = (why: unknown) => {
      if (this.worker === worker) this.worker = null;
      // What it held was not sent, or not known to be: a temporary failure, tried again later.
      for (const n of [...handed]) this.settle({ n, ok: false, error: { message: `The SMTP thread stopped (${String(why)})`, code: 'ECONNECTION' } });
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private settle(r: Result) {
    const w = this.waiting.get(r.n);
    if (!w) return;
    this.waiting.delete(r.n);
    w.signal.removeEventListener('abort', w.onAbort);
    if (r.ok) w.resolve({ response: r.response, note: refusedRecipientsNote({ rejected: r.rejected, rejectedErrors: r.rejectedResponses.map((response) => ({ response })) }) });
    else w.reject(Object.assign(new Error(r.error.message), r.error));
  }
}

let thread: SmtpThread | null = null;
let pools = 0;

/** One transport's pool in the SMTP thread: opened now, so the thread is up by the first send. */
export class SmtpLane {
  private readonly pool = ++pools;
  private readonly thread = (thread ??= new SmtpThread());

  constructor(smtpUrl: string) {
    this.thread.open(this.pool, smtpOptions(smtpUrl));
  }

  /** Resolves once the server accepted the message; rejects with an error carrying nodemailer's fields. */
  send(mail: PlainMail, signal: AbortSignal): Promise<Accepted> {
    return this.thread.send(this.pool, mail, signal);
  }

  close(): void {
    this.thread.close(this.pool);
  }
}
