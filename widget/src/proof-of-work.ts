import type { ProofOfWorkChallenge } from '@dais/api/contract';
import { paddedSize, sha256Into } from './sha256';

/** A challenge lives 20 minutes on the server; one older than this is fetched again before use. */
const FRESH_MS = 15 * 60_000;

/**
 * How long the solver holds the page's thread before it lets the page go on. A task over 50 ms is
 * a long task (the page cannot answer a tap meanwhile); a phone may run 4 to 5 times slower than a
 * desktop, and Lighthouse's mobile run counts every task 4 times as long: a few ms here stays short
 * everywhere.
 */
const SLICE_MS = 4;

/**
 * The widget's side of the bot check (contract/bot-check.ts): fetches a challenge once a form is
 * in use (`warm`, on the supporter's first focus in it) and solves it in the background, so a
 * solution is ready by the time the supporter presses the button. Each request takes one solution
 * (the server accepts each once) and starts the next.
 */
export function createBotCheck(fetchChallenge: () => Promise<ProofOfWorkChallenge>, solve = solveChallenge) {
  let current: Promise<string | undefined> | null = null;
  let startedAt = 0;

  function start() {
    startedAt = Date.now();
    current = fetchChallenge()
      .then(async (c) => {
        const number = await solve(c);
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
 * Finds the number n, at most `maxnumber`, whose SHA-256 of salt + n is the challenge (ALTCHA v1),
 * on this thread, a few milliseconds at a time. The same work the server asked for, whatever the
 * page: not in a Web Worker, because on a host page a worker must come from the host's own origin
 * (widget.js comes from Dais's), which leaves a blob: URL, and a strict host CSP forbids those; nor
 * in a hidden frame of Dais's origin, because the same CSP's frame-src (or default-src) forbids
 * that frame. Between slices the page answers input, renders and runs its own tasks.
 */
export async function solveChallenge(c: ProofOfWorkChallenge, pause: () => Promise<void> = nextTask, sliceMs = SLICE_MS): Promise<number | null> {
  if (c.algorithm !== 'SHA-256' || !/^[0-9a-f]{64}$/.test(c.challenge)) return null;
  const target = new Uint32Array(8);
  for (let i = 0; i < 8; i++) target[i] = parseInt(c.challenge.slice(i * 8, i * 8 + 8), 16);
  const salt = new TextEncoder().encode(c.salt);
  // The salt stays at the front; each try writes its digits after it (at most 16 of them).
  const message = new Uint8Array(paddedSize(salt.length + 16));
  message.set(salt);
  const digest = new Uint32Array(8);
  let sliceStart = performance.now();
  for (let n = 0; n <= c.maxnumber; n++) {
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) message[salt.length + i] = digits.charCodeAt(i);
    sha256Into(message, salt.length + digits.length, digest);
    if (digest[0] === target[0] && digest.every((word, i) => word === target[i])) return n;
    // The clock is read every 128 tries (well under a millisecond of hashing).
    if ((n & 127) === 127 && performance.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
  return null;
}

/**
 * Lets the event loop run before going on: a message to ourselves is a new task, queued behind the
 * input, rendering and timers already waiting, and unlike setTimeout it is not clamped to 4 ms.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
