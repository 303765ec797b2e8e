import { useAuth } from '../../../lib/auth';
import { navigate } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * The spec's Access Denied screen, and what a person there needs next: how access is given, which
 * account they are signed in with, and a way out of it (signed in with the wrong account, Logout
 * lets them sign in again with the invited one).
 */
export function AccessDenied() {
  usePageTitle('Access Denied');
  const { user, logout } = useAuth();
  return (
    <main id="main" className="centered-screen">
      <div className="card centered-card">
        <h1>Access Denied</h1>
        <p>You don't have permission to access the admin panel</p>
        <p className="access-denied-how">
          {user ? (
            <>
              You are signed in as <b>{user.email}</b>.{' '}
            </>
          ) : null}
          An owner of this Dais gives access by inviting an e-mail address under Admins; sign in with the address they invited. Signed in with
          the wrong account? Log out and sign in again.
        </p>
        <div className="access-denied-actions">
          <button type="button" className="button button-primary" onClick={() => navigate('/')}>
            Return to Home
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={async () => {
              await logout();
              navigate('/');
            }}
          >
            Logout
          </button>
        </div>
      </div>
    </main>
  );
}
