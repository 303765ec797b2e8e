/**
 * The one way this app talks to the API: same-origin JSON, replies typed from the contract, and
 * every failure thrown as an ApiError a screen can show. A network failure (no reply at all) has
 * status 0 and code 'network_error', so a screen can tell "the server said no" from "no server".
 */
import type { ApiFailure, ApiReply, PageMeta } from '@dais/api/contract';

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export type ApiIssue = NonNullable<ApiFailure['issues']>[number];

export class ApiError extends Error {
  /** The HTTP status; 0 when no reply arrived. */
  readonly status: number;
  /** The contract's error code (contract/errors.ts), 'network_error', or 'bad_reply'. */
  readonly code: string;
  /** The request field the error is about, when the server named one. */
  readonly field: string | undefined;
  /** Every field problem of a validation failure. */
  readonly issues: ApiIssue[];

  constructor(status: number, code: string, message: string, field?: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.issues = issues;
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (logo uploads); the browser sets the boundary. */
  form?: FormData;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions): Promise<{ response: Response; body: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's own doing: let it through unchanged so callers can ignore it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  let parsed: unknown = null;
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { response, body: parsed };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The ApiError of a refused reply (its JSON body, or null when it had none). */
export function failureOf(status: number, body: unknown): ApiError {
  if (isObject(body) && body.success === false && typeof body.error === 'string') {
    const failure = body as ApiFailure;
    return new ApiError(status, failure.code, failure.error, failure.field, failure.issues ?? []);
  }
  return new ApiError(status, status >= 500 ? 'internal' : 'bad_reply', `The server answered with HTTP status ${status}`);
}

/** A wrapped reply `{success: true, data, meta?}`; anything else throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; meta?: Record<string, unknown> }> {
  const { response, body } = await send(path, options);
  if (!response.ok || !isObject(body) || body.success !== true) throw failureOf(response.status, body);
  const reply = body as ApiReply<T> & { success: true };
  return { data: reply.data, meta: reply.meta };
}

/** The `data` of a wrapped reply. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** A paginated admin list: the rows and the page meta. */
export async function apiPage<T, M = PageMeta>(path: string, options: RequestOptions = {}): Promise<{ data: T[]; meta: M }> {
  const { data, meta } = await apiRequest<T[]>(path, options);
  return { data, meta: meta as unknown as M };
}

/**
 * A reply that is not wrapped (the redirect address; users/me, which may be null, is apiRawOrNull). Non-OK statuses still throw.
 */
export async function apiRaw<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { response, body } = await send(path, options);
  if (!response.ok) throw failureOf(response.status, body);
  if (body === null) throw new ApiError(response.status, 'bad_reply', 'The server sent an empty reply');
  return body as T;
}

/** A bare reply that may be JSON null (GET /api/users/me when nobody is signed in). Non-OK statuses still throw. */
export async function apiRawOrNull<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  const { response, body } = await send(path, options);
  if (!response.ok) throw failureOf(response.status, body);
  return body as T | null;
}

/** A query string from the defined values only: query({ page: 2, campaign_id: undefined }) = '?page=2'. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
