import { ApiError } from './api';

/**
 * The reason to put after the spec's 'Failed to ...: {error}': the server's own message (or the
 * network failure's), or null when the reply carried none, so the caller shows the short form
 * ('Failed to upload logo') instead of an empty or technical one.
 */
function errorReason(error: unknown): string | null {
  if (error instanceof ApiError) return error.code === 'bad_reply' || !error.message ? null : error.message;
  if (error instanceof Error && error.message) return error.message;
  return null;
}

/** 'Failed to upload logo: {reason}', or the short form when there is no reason to give. */
export function failureText(prefix: string, error: unknown): string {
  const reason = errorReason(error);
  return reason ? `${prefix}: ${reason}` : prefix;
}
