/**
 * The frame of the public pages (landing, help, privacy): a header with the brand and Admin Login,
 * the page, and the footer with help, legal and contact links.
 */
import { useState, type ReactNode } from 'react';
import { useAuth } from '../lib/auth';
import { useNotify } from '../lib/notify';
import { Link } from '../lib/router';
import { CONTACT_EMAIL } from '../lib/site';
import { SkipLink } from './skip-link';
import { Spinner } from './spinner';

/**
 * `footer={false}` holds the footer back while the page above it is still filling in: shown early,
 * it would be pushed down by what arrives (a layout shift).
 */
export function PublicLayout({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  return (
    <div className="public">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
      {footer && <SiteFooter />}
    </div>
  );
}

function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            D
          </span>
          Dais
        </Link>
        <AdminLoginButton />
      </div>
    </header>
  );
}

/** Starts sign-in (SPEC.md section 2, Landing page). */
function AdminLoginButton() {
  const { redirectToLogin } = useAuth();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const login = async () => {
    setBusy(true);
    try {
      await redirectToLogin();
      // The browser is leaving; keep the button busy until it has.
    } catch (error) {
      console.error('Error during login:', error);
      const message = error instanceof Error ? error.message : String(error);
      notify.error(`Login failed: ${message}. Please try again.`);
      setBusy(false);
    }
  };

  return (
    <button type="button" className="button button-primary" onClick={() => void login()} disabled={busy}>
      {busy && <Spinner size="sm" />}
      Admin Login
    </button>
  );
}

function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div>
          <p>
            <strong>Dais</strong> — open-source software for civic campaigns.
          </p>
          <p className="muted">
            Want to learn more or run a campaign? <a href={`mailto:${CONTACT_EMAIL}`}>Email us at {CONTACT_EMAIL}</a>
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/help">Help</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent('Question about Dais')}`}>Contact</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
