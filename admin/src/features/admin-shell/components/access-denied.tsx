import { navigate } from '../../../lib/router';
import { usePageTitle } from '../../../lib/use-page-title';

export function AccessDenied() {
  usePageTitle('Access Denied');
  return (
    <main id="main" className="centered-screen">
      <div className="card centered-card">
        <h1>Access Denied</h1>
        <p>You don't have permission to access the admin panel</p>
        <button type="button" className="button button-primary" onClick={() => navigate('/')}>
          Return to Home
        </button>
      </div>
    </main>
  );
}
