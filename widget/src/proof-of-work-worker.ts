/**
 * The bot check's solver in a Web Worker: the hashing never competes with the supporter's typing.
 * altcha-lib's own solver (ALTCHA v1: SHA-256 through Web Crypto). Answers the number, or null.
 */
import { solveChallenge } from 'altcha-lib/v1';

interface Work {
  challenge: string;
  salt: string;
  algorithm: string;
  max: number;
}

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<Work>) => void) | null; postMessage: (answer: number | null) => void };
scope.onmessage = (e) => {
  const { challenge, salt, algorithm, max } = e.data;
  void solveChallenge(challenge, salt, algorithm, max).promise.then(
    (solution) => scope.postMessage(solution ? solution.number : null),
    () => scope.postMessage(null),
  );
};
