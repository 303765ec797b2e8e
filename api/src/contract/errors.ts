/**
 * The closed list of error codes a client can rely on, with their HTTP status. The message is
 * written where the error is raised (a person must be able to act on it); the code is stable.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  unsupported_media_type: 415,
  payload_too_large: 413,
  unauthenticated: 401,
  forbidden: 403,
  cross_origin_refused: 403,
  /** A sign-in route reached by a Host that is not PUBLIC_URL's (DNS rebinding): 421 Misdirected Request. */
  misdirected: 421,
  not_found: 404,
  gone: 410,
  method_not_allowed: 405,
  action_disabled: 409,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
