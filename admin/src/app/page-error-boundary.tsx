import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * A page that could not be loaded (its chunk failed to download: offline, or a new version was
 * deployed) or crashed while rendering: say so and offer Retry rather than a blank screen.
 * React.lazy remembers a failed download, so Retry reloads the page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('Error showing this page:', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="load-error" role="alert">
        <p className="load-error-title">Could not load this page.</p>
        <p className="load-error-reason">Check your connection, then try again.</p>
        <button type="button" className="button button-secondary" onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    );
  }
}
