/**
 * The sign-in return's work (SPEC.md sections 2 and 5): 'error' in the address fails with
 * 'OAuth error: {error}', a missing 'code' with 'No authorization code found in URL', otherwise
 * the code is exchanged for a session.
 *
 * A login code is single-use, so the exchange must run once per page load even though React
 * StrictMode runs effects twice: the first call's promise is kept here and handed to any later
 * call for the same address.
 */
let started: { search: string; promise: Promise<void> } | null = null;

export function completeSignIn(search: string, exchangeCodeForSessionToken: () => Promise<void>): Promise<void> {
  if (started?.search === search) return started.promise;
  const params = new URLSearchParams(search);
  const error = params.get('error');
  const code = params.get('code');
  const promise = error
    ? Promise.reject(new Error(`OAuth error: ${error}`))
    : !code
      ? Promise.reject(new Error('No authorization code found in URL'))
      : exchangeCodeForSessionToken();
  started = { search, promise };
  return promise;
}
