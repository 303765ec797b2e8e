/** What the widget does before it signs: fetch a bot-check challenge from a server and solve it (altcha-lib). */
import { solveChallenge } from 'altcha-lib/v1';

export async function solvedChallenge(baseUrl: string): Promise<string> {
  const reply = (await (await fetch(`${baseUrl}/api/challenge`)).json()) as {
    data: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  };
  const c = reply.data;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('the challenge has no solution within its maxnumber');
  return Buffer.from(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature })).toString('base64');
}
