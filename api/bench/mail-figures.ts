/**
 * The confirmation e-mails of a sign load, counted where they arrive: a real SMTP server in its own
 * process (./smtp-sink.ts) that the server under load sends to. The rule the row holds: on a fresh
 * campaign that confirms, every stored signature is a new address, pending, whose first e-mail of
 * the day is due, so exactly one e-mail arrives for each stored row (the acknowledged ones and those
 * committed for requests still in flight at the stop), none for a repeat, none twice, and the last
 * within 60 s after the load.
 */
import type { ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import type { BenchRow } from './row';

export const MAIL_DRAIN_GOAL_S = 60;

export interface SmtpSink {
  /** SMTP_URL for the server under load. */
  url: string;
  child: ChildProcess;
  /** Every accepted message: when (Date.now() in the sink) and to whom. */
  arrivals: { at: number; to: string[] }[];
  /** Resolves once `count` messages arrived, or at `deadline` (Date.now()), whichever comes first. */
  waitFor(count: number, deadline: number): Promise<void>;
}

export async function startSmtpSink(spawnTsx: (args: string[]) => ChildProcess): Promise<SmtpSink> {
  const child = spawnTsx(['api/bench/smtp-sink.ts']);
  const lines = readline.createInterface({ input: child.stdout! });
  const arrivals: SmtpSink['arrivals'] = [];
  const waiters = new Set<() => void>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    let first = true;
    lines.on('line', (line) => {
      if (first) {
        first = false;
        return resolve(Number(line));
      }
      const space = line.indexOf(' ');
      arrivals.push({ at: Number(line.slice(0, space)), to: line.slice(space + 1).split(',') });
      for (const w of waiters) w();
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    child,
    arrivals,
    waitFor: (count, deadline) =>
      new Promise((resolve) => {
        const check = () => {
          if (arrivals.length < count && Date.now() < deadline) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(check, Math.max(0, deadline - Date.now()));
        waiters.add(check);
        check();
      }),
  };
}

/**
 * Waits for the e-mails of the rows stored (`storedEmails`, lower case) and says whether each
 * arrived once, the acknowledged ones among them, the last within MAIL_DRAIN_GOAL_S of `loadEnd`.
 * Then a moment more, so that a second copy of any would be seen.
 */
export async function confirmationMailRow(label: string, sink: SmtpSink, loadEnd: number, storedEmails: Set<string>, acknowledged: Set<string>): Promise<BenchRow> {
  await sink.waitFor(storedEmails.size, loadEnd + MAIL_DRAIN_GOAL_S * 1000);
  await new Promise((r) => setTimeout(r, 1000));
  const perAddress = new Map<string, number>();
  for (const a of sink.arrivals) for (const to of a.to) perAddress.set(to.toLowerCase(), (perAddress.get(to.toLowerCase()) ?? 0) + 1);
  const twice = [...perAddress.values()].filter((n) => n > 1).length;
  const missing = [...storedEmails].filter((e) => !perAddress.has(e)).length;
  const strangers = [...perAddress.keys()].filter((e) => !storedEmails.has(e)).length;
  const unacknowledgedMissing = [...acknowledged].filter((e) => !perAddress.has(e)).length;
  const last = sink.arrivals.reduce((t, a) => Math.max(t, a.at), 0);
  const drainS = sink.arrivals.length === 0 ? 0 : Math.max(0, (last - loadEnd) / 1000);
  const duringLoad = sink.arrivals.filter((a) => a.at <= loadEnd).length;
  const n = (x: number) => x.toLocaleString('en-US');
  return {
    figure: `Sign (${label}): every confirmation e-mail of the run at a real SMTP server (smtp-server, its own process)`,
    value:
      `${n(sink.arrivals.length)} e-mails for ${n(storedEmails.size)} stored addresses (${n(acknowledged.size)} acknowledged): ` +
      `${n(duringLoad)} arrived during the load, the last ${drainS.toFixed(1)} s after it; ` +
      `${missing} missing (${unacknowledgedMissing} of them acknowledged), ${twice} addresses mailed twice, ${strangers} to addresses not stored`,
    goal: `one e-mail per stored address, the last within ${MAIL_DRAIN_GOAL_S} s after the load`,
    pass: missing === 0 && twice === 0 && strangers === 0 && sink.arrivals.length === storedEmails.size && drainS <= MAIL_DRAIN_GOAL_S,
  };
}
