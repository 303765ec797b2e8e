/**
 * The signed-in user (SPEC.md sections 4, 7 and 8). The user starts unknown with isPending true;
 * after the first fetch, success or failure, isPending is false. Concurrent fetches share one
 * request. Logout clears the user first, then calls the API. The console lines are the spec's.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@dais/api/contract';
import { ApiError, apiRaw, apiRawOrNull, apiRequest } from './api';

const NO_CODE_MESSAGE = 'Cannot exchange code for session token: no code provided in the URL search params.';

export interface Auth {
  user: User | null;
  isPending: boolean;
  /** Loads the current user; a call while one is running shares it. */
  fetchUser: () => Promise<User | null>;
  /** Starts sign-in: asks the API for the provider's address and sends the browser there. */
  redirectToLogin: () => Promise<void>;
  /** Trades the 'code' of the current address for a session, then loads the user. */
  exchangeCodeForSessionToken: () => Promise<void>;
  logout: () => Promise<void>;
  /**
   * True once the admin access check refused this user (403). The landing page then stops sending
   * them to /admin, so 'Return to Home' on the Access Denied screen does not bounce straight back.
   */
  accessDenied: boolean;
  markAccessDenied: () => void;
}

const AuthContext = createContext<Auth | null>(null);

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * What 'Login failed: {message}. Please try again.' says: the server's own reason when it gave one
 * a person can act on (an expired code, no connection), else the spec's log line.
 */
function reasonOf(error: unknown, fallback: string): string {
  const actionable = error instanceof ApiError && (error.isNetworkError || (error.status < 500 && error.code !== 'bad_reply'));
  return actionable ? error.message.replace(/\.$/, '') : fallback;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [isPending, setPending] = useState(true);
  const [accessDenied, setAccessDenied] = useState(false);
  // A user fetch is shared only with callers of the same generation: after sign-in or logout the
  // session changed, so a request sent before that must not answer for it.
  const generation = useRef(0);
  const inFlight = useRef<{ generation: number; promise: Promise<User | null> } | null>(null);

  const fetchUser = useCallback((): Promise<User | null> => {
    const current = inFlight.current;
    if (current && current.generation === generation.current) return current.promise;
    const mine = generation.current;
    // Nobody signed in is a 200 with null, not an error: the landing page asks for every visitor.
    const promise = apiRawOrNull<User>('/api/users/me')
      .then((me) => {
        if (mine === generation.current) setUser(me);
        return me;
      })
      .catch((error: unknown) => {
        console.error(`Failed to fetch user: API responded with HTTP status ${statusOf(error)}`);
        if (mine === generation.current) setUser(null);
        return null;
      })
      .finally(() => {
        if (inFlight.current?.promise === promise) inFlight.current = null;
        setPending(false);
      });
    inFlight.current = { generation: mine, promise };
    return promise;
  }, []);

  const redirectToLogin = useCallback(async () => {
    let redirectUrl: string;
    try {
      redirectUrl = (await apiRaw<{ redirectUrl: string }>('/api/oauth/google/redirect_url')).redirectUrl;
    } catch (error) {
      const message = `Failed to get login redirect URL: API responded with HTTP status ${statusOf(error)}`;
      console.error(message);
      throw new Error(reasonOf(error, message));
    }
    window.location.assign(redirectUrl);
  }, []);

  const exchangeCodeForSessionToken = useCallback(async () => {
    const code = new URLSearchParams(window.location.search).get('code');
    if (!code) throw new Error(NO_CODE_MESSAGE);
    try {
      await apiRequest<User>('/api/sessions', { method: 'POST', json: { code } });
    } catch (error) {
      const message = `Failed to exchange code for session token: API responded with HTTP status ${statusOf(error)}`;
      console.error(message);
      throw new Error(reasonOf(error, message));
    }
    generation.current += 1;
    setAccessDenied(false);
    await fetchUser();
  }, [fetchUser]);

  const logout = useCallback(async () => {
    generation.current += 1;
    setUser(null);
    setAccessDenied(false);
    try {
      await apiRequest<null>('/api/logout');
    } catch (error) {
      console.error('Failed to logout:', error);
    }
  }, []);

  useEffect(() => {
    void fetchUser();
  }, [fetchUser]);

  const markAccessDenied = useCallback(() => setAccessDenied(true), []);

  const value = useMemo(
    () => ({ user, isPending, fetchUser, redirectToLogin, exchangeCodeForSessionToken, logout, accessDenied, markAccessDenied }),
    [user, isPending, fetchUser, redirectToLogin, exchangeCodeForSessionToken, logout, accessDenied, markAccessDenied],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() needs <AuthProvider> above it (app/app.tsx)');
  return auth;
}
