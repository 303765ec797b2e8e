import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth';
import { Link, navigate, useLocation } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';
import { completeSignIn } from '../api/complete-sign-in';

/** SPEC.md section 9: after a successful login, 1.5 s; after a failed one, 3 s. */
export const SUCCESS_REDIRECT_MS = 1500;
export const FAILURE_RETURN_MS = 3000;

type Status = { kind: 'pending' } | { kind: 'success' } | { kind: 'error'; message: string };

/** /auth/callback: where sign-in returns with a single-use code. */
export function AuthCallbackPage() {
  usePageTitle('Signing in');
  const { exchangeCodeForSessionToken } = useAuth();
  const { search } = useLocation();
  const [status, setStatus] = useState<Status>({ kind: 'pending' });

  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    completeSignIn(search, exchangeCodeForSessionToken).then(
      () => {
        if (cancelled) return;
        setStatus({ kind: 'success' });
        timer = window.setTimeout(() => navigate('/admin', { replace: true }), SUCCESS_REDIRECT_MS);
      },
      (error: unknown) => {
        if (cancelled) return;
        const message = error instanceof Error ? error.message : String(error);
        console.error('Error during login:', error);
        setStatus({ kind: 'error', message: `Login failed: ${message}. Please try again.` });
        timer = window.setTimeout(() => navigate('/', { replace: true }), FAILURE_RETURN_MS);
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [search, exchangeCodeForSessionToken]);

  return (
    <main id="main" className="centered-screen" tabIndex={-1}>
      <div className="card centered-card">
        <h1>Signing in</h1>
        {status.kind === 'pending' && (
          <div role="status" className="loading">
            <Spinner size="lg" />
            <p>Completing login...</p>
          </div>
        )}
        {status.kind === 'success' && (
          <p role="status" className="callback-success">
            Login successful! Redirecting...
          </p>
        )}
        {status.kind === 'error' && (
          <>
            <p role="alert" className="callback-error">
              {status.message}
            </p>
            <p>
              <Link to="/">Return to the home page now</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
