import { useState } from 'react';
import { initialsOf } from './initials';

/** The user's picture, or their initials when there is none or it does not load. */
export function Avatar({ picture, name }: { picture: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (picture && !failed) {
    return (
      <img
        className="avatar"
        src={picture}
        alt={`Profile picture of ${name}`}
        width={40}
        height={40}
        // Google's picture host refuses some requests that carry a Referer.
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
