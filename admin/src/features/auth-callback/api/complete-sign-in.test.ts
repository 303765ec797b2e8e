import { describe, expect, it } from 'vitest';
import { completeSignIn } from './complete-sign-in';

describe('completing sign-in', () => {
  it('exchanges a code once, however often it is asked for the same address (StrictMode runs effects twice)', async () => {
    let exchanges = 0;
    const exchange = async () => {
      exchanges += 1;
    };
    const first = completeSignIn('?code=abc', exchange);
    const second = completeSignIn('?code=abc', exchange);
    expect(second).toBe(first);
    await Promise.all([first, second]);
    expect(exchanges).toBe(1);
  });

  it("fails with the provider's error, without exchanging anything", async () => {
    let exchanges = 0;
    await expect(completeSignIn('?error=access_denied&code=x', async () => void exchanges++)).rejects.toThrow(
      'OAuth error: access_denied',
    );
    expect(exchanges).toBe(0);
  });

  it('fails when the address has no code', async () => {
    await expect(completeSignIn('?state=1', async () => undefined)).rejects.toThrow('No authorization code found in URL');
  });

  it("passes on the exchange's failure", async () => {
    await expect(
      completeSignIn('?code=expired', async () => {
        throw new Error('This sign-in link has expired');
      }),
    ).rejects.toThrow('This sign-in link has expired');
  });
});
