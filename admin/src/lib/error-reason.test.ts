import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api';
import { failureText } from './error-reason';

describe('failure text', () => {
  it("adds the server's message", () => {
    const error = new ApiError(415, 'unsupported_media_type', 'Logos must be PNG, JPEG, WebP or GIF images');
    expect(failureText('Failed to upload logo', error)).toBe('Failed to upload logo: Logos must be PNG, JPEG, WebP or GIF images');
  });

  it('says when the server could not be reached', () => {
    expect(failureText('Failed to update setting', new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE))).toBe(
      `Failed to update setting: ${NETWORK_ERROR_MESSAGE}`,
    );
  });

  it('falls back to the short form when the reply carried no message', () => {
    expect(failureText('Failed to update setting', new ApiError(502, 'bad_reply', 'The server answered with HTTP status 502'))).toBe(
      'Failed to update setting',
    );
    expect(failureText('Failed to remove logo', 'boom')).toBe('Failed to remove logo');
  });
});
