/**
 * Logo upload and removal, shared by the campaign form and the global widget settings: the current
 * logo (or 'No logo'), a file picker that offers images only, and a Remove button. The caller sends
 * the requests and shows the spec's notices; this component keeps each button busy while its
 * request runs.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { LIMITS, LOGO_FORMATS, logoUploadRequestSchema } from '@dais/api/contract';
import { useNotify } from '../lib/notify';
import { Spinner } from './spinner';

/** The picker offers only the formats the server accepts (contract LOGO_FORMATS). */
const LOGO_ACCEPT = Object.values(LOGO_FORMATS).join(',');

interface LogoPickerProps {
  logoUrl: string | null;
  /** Resolves when done (the caller has reported success or failure). */
  onUpload: (file: File) => Promise<void>;
  onRemove: () => Promise<void>;
  /** When set, the picker is disabled and this says why. */
  unavailable?: string | undefined;
  /** Extra words for the controls' names when a page has more than one picker. */
  label?: string;
}

export function LogoPicker({ logoUrl, onUpload, onRemove, unavailable, label = 'logo' }: LogoPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const notify = useNotify();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // The request's own schema (type and size), before a byte is sent.
    const check = logoUploadRequestSchema.safeParse({ logo: file });
    if (!check.success) {
      notify.error(`Failed to upload logo: ${check.error.issues[0]?.message ?? 'choose an image file'}`);
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    setBusy('uploading');
    try {
      await onUpload(file);
    } finally {
      setBusy(null);
      // The same file may be chosen again after a failure.
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  const remove = async () => {
    setBusy('removing');
    try {
      await onRemove();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="logo-picker">
      <div className="logo-preview">
        {logoUrl && broken !== logoUrl ? (
          <img src={logoUrl} alt={`Current ${label}`} onError={() => setBroken(logoUrl)} />
        ) : (
          <span className="muted">{logoUrl ? 'The current logo could not be shown' : 'No logo'}</span>
        )}
      </div>
      <div className="logo-controls">
        <label className="field-label" htmlFor={inputId}>
          Upload {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="file-input"
          type="file"
          accept={LOGO_ACCEPT}
          disabled={busy !== null || unavailable !== undefined}
          aria-describedby={hintId}
          onChange={(event) => void choose(event)}
        />
        <p id={hintId} className="field-hint">
          {unavailable ?? `PNG, JPEG, WebP or GIF, up to ${LIMITS.logoBytes / (1024 * 1024)} MB.`}
        </p>
        {busy === 'uploading' && (
          <p className="muted inline-status" role="status">
            <Spinner size="sm" /> Uploading...
          </p>
        )}
        {logoUrl && (
          <button type="button" className="button button-secondary button-small" disabled={busy !== null} onClick={() => void remove()}>
            {busy === 'removing' && <Spinner size="sm" />}
            Remove {label}
          </button>
        )}
      </div>
    </div>
  );
}
