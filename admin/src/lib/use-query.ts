/**
 * Loads data for a screen: loading, then the data or the error, with retry() for the screen's
 * Retry button and reload() to refresh in the background (the old data stays on screen).
 * A new `key` loads again; a request still running when the key changes or the screen unmounts is
 * aborted, so a late reply never overwrites newer data.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'error'; data: T | undefined; error: ApiError }
  | { status: 'success'; data: T; error: undefined };

export type QueryResult<T> = QueryState<T> & {
  /** True while any request runs, including a background reload. */
  fetching: boolean;
  /** Back to the loading state and fetch again (the Retry button). */
  retry: () => void;
  /** Fetch again keeping the current data on screen; resolves when done. */
  reload: () => Promise<void>;
  /** Replace the data locally (after a successful write whose reply carries the new row). */
  setData: (update: (current: T) => T) => void;
};

const asApiError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(0, 'client_error', error instanceof Error ? error.message : String(error));

export interface QueryOptions {
  /** The console line's prefix on failure (SPEC.md section 8: failures in admin screens are logged). */
  logAs?: string;
}

export function useQuery<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>, options: QueryOptions = {}): QueryResult<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: undefined, error: undefined });
  const [fetching, setFetching] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const logAs = options.logAs ?? `Error loading ${key}:`;
  const logAsRef = useRef(logAs);
  logAsRef.current = logAs;
  const controllerRef = useRef<AbortController | null>(null);

  const run = useCallback(async (controller: AbortController) => {
    controllerRef.current?.abort();
    controllerRef.current = controller;
    setFetching(true);
    try {
      const data = await fetcherRef.current(controller.signal);
      if (!controller.signal.aborted) setState({ status: 'success', data, error: undefined });
    } catch (error) {
      if (controller.signal.aborted) return;
      const apiError = asApiError(error);
      console.error(logAsRef.current, apiError);
      setState((s) => ({ status: 'error', data: s.data, error: apiError }));
    } finally {
      if (!controller.signal.aborted) setFetching(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading', data: undefined, error: undefined });
    void run(controller);
    return () => {
      controller.abort();
      // A reload() started since then has its own controller.
      controllerRef.current?.abort();
    };
  }, [key, attempt, run]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const reload = useCallback(() => run(new AbortController()), [run]);
  const setData = useCallback((update: (current: T) => T) => {
    setState((s) => (s.status === 'success' ? { ...s, data: update(s.data) } : s));
  }, []);

  return { ...state, fetching, retry, reload, setData };
}
