import type { ProofOfWorkChallenge } from '@dais/api/contract';
import { solveChallenge } from 'altcha-lib/v1';
import SolverWorker from './proof-of-work-worker?worker&inline';

/** A challenge lives 20 minutes on the server; one older than this is fetched again before use. */
const FRESH_MS = 15 * 60_000;

/**
 * The widget's side of the bot check (contract/bot-check.ts): fetches a challenge when a form opens
 * and solves it in the background (`worker`: in a Web Worker, on Dais's own pages), so a solution is ready by the time the supporter presses the
 * button. Each request takes one solution (the server accepts each once) and starts the next.
 */
export function createBotCheck(fetchChallenge: () => Promise<ProofOfWorkChallenge>, options: { worker: boolean }) {
  let current: Promise<string | undefined> | null = null;
  let startedAt = 0;

  function start() {
    startedAt = Date.now();
    current = fetchChallenge()
      .then(async (c) => {
        const number = await (options.worker ? inWorker(c) : onThisThread(c));
        if (number === null) return undefined;
        return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }));
      })
      // No solution: the request goes without one and the server says to try again.
      .catch(() => undefined);
  }
  const fresh = () => current !== null && Date.now() - startedAt < FRESH_MS;

  return {
    /** Starts solving, unless a fresh solution is already on its way. */
    warm() {
      if (!fresh()) start();
    },
    /** The solution for one request (base64 of ALTCHA's payload); the next request gets another. */
    async take(): Promise<string | undefined> {
      if (!fresh()) start();
      const solution = await current!;
      start();
      return solution;
    },
  };
}

/**
 * On this thread: Web Crypto's digest is asynchronous, each hash a task of its own, so the page
 * goes on answering the supporter's typing meanwhile. What runs on other sites' pages uses this: a
 * worker there would have to start from a blob: URL (a worker must come from the page's own origin,
 * and widget.js comes from Dais's), which a strict host CSP forbids, and the refusal would land in
 * the host's console.
 */
const onThisThread = (c: ProofOfWorkChallenge) =>
  solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise.then((s) => (s ? s.number : null));

/** In an inline Web Worker: on Dais's own pages, whose CSP allows it (worker-src blob:). */
function inWorker(c: ProofOfWorkChallenge): Promise<number | null> {
  let worker: Worker;
  try {
    worker = new SolverWorker();
  } catch {
    return onThisThread(c);
  }
  return new Promise<number | null>((resolve) => {
    worker.onmessage = (e: MessageEvent<number | null>) => {
      worker.terminate();
      resolve(e.data);
    };
    // A refusal (a CSP, a browser without workers) arrives as an error event, not an exception.
    worker.onerror = () => {
      worker.terminate();
      resolve(onThisThread(c));
    };
    worker.postMessage({ challenge: c.challenge, salt: c.salt, algorithm: c.algorithm, max: c.maxnumber });
  });
}
