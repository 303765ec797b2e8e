import type { ApiError } from '../lib/api';

interface LoadErrorProps {
  /** What failed, as a person would say it: 'the dashboard', 'the campaigns'. */
  what: string;
  error: ApiError;
  onRetry: () => void;
  /** Inside a section rather than the whole screen. */
  compact?: boolean;
}

/**
 * A load that failed: says what failed and why, and offers Retry, so a screen is never blank.
 */
export function LoadError({ what, error, onRetry, compact }: LoadErrorProps) {
  return (
    <div className={compact ? 'load-error load-error-compact' : 'load-error'} role="alert">
      <p className="load-error-title">Could not load {what}.</p>
      <p className="load-error-reason">{error.message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
