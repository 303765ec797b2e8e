/**
 * The frame of every admin page (SPEC.md section 2, Admin shell): loading, then the access check;
 * 403 shows Access Denied, anything else that is not OK (or no signed-in user) goes back to /.
 * A sidebar on wide screens, a drawer behind a Menu button on small ones.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Loading } from '../../../components/spinner';
import { useAuth } from '../../../lib/auth';
import { navigate, useLocation } from '../../../lib/router';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAdminAccess } from '../api/check-admin-access';
import { useDevMailboxUrl } from '../api/get-mail-status';
import { AccessDenied } from './access-denied';
import { NavIcon } from './nav-icons';
import { Sidebar } from './sidebar';
import { SkipLink } from '../../../components/skip-link';

const SMALL_SCREEN = '(max-width: 899px)';

export function AdminShell({ children }: { children: ReactNode }) {
  const { user, isPending, logout, markAccessDenied } = useAuth();
  const access = useAdminAccess();
  const devMailboxUrl = useDevMailboxUrl(access === 'allowed');
  const { pathname } = useLocation();
  const small = useMediaQuery(SMALL_SCREEN);
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Closing with Escape, the close button or the backdrop returns focus to the Menu button, once
  // the page behind is no longer inert (it cannot take focus before).
  const refocusToggle = useRef(false);

  const settled = access !== 'checking' && !isPending;
  const mustLeave = settled && (access === 'redirect' || (access === 'allowed' && !user));

  useEffect(() => {
    if (mustLeave) navigate('/', { replace: true });
  }, [mustLeave]);

  useEffect(() => {
    if (access === 'denied') markAccessDenied();
  }, [access, markAccessDenied]);

  // A page chosen from the drawer closes it; so does growing past the small-screen width.
  useEffect(() => setMenuOpen(false), [pathname, small]);

  useEffect(() => {
    if (!menuOpen) {
      if (refocusToggle.current) toggleRef.current?.focus();
      refocusToggle.current = false;
      return;
    }
    // After the drawer has become visible: a hidden element cannot take focus.
    const frame = requestAnimationFrame(() => drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus());
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        refocusToggle.current = true;
        setMenuOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  if (!settled || mustLeave) return <Loading label="Checking access..." />;
  if (access === 'denied') return <AccessDenied />;
  if (!user) return <Loading label="Checking access..." />;

  const closeMenu = () => {
    refocusToggle.current = true;
    setMenuOpen(false);
  };

  const onDrawerKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!small || !menuOpen) return;
    if (event.key !== 'Tab' || !drawerRef.current) return;
    // Keep focus in the open drawer: the page behind it is inert.
    const items = [...drawerRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const onLogout = async () => {
    await logout();
    navigate('/');
  };

  const drawerHidden = small && !menuOpen;
  return (
    <div className={menuOpen ? 'shell menu-open' : 'shell'}>
      <SkipLink />
      <header className="topbar" inert={small && menuOpen}>
        <button
          ref={toggleRef}
          type="button"
          className="icon-button menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen(true)}
        >
          <NavIcon name="menu" />
          <span className="visually-hidden">Open menu</span>
        </button>
        <span className="topbar-title">Dais Admin</span>
      </header>
      {small && menuOpen && <div className="drawer-backdrop" aria-hidden="true" onClick={closeMenu} />}
      <aside
        id="admin-sidebar"
        ref={drawerRef}
        className="sidebar"
        aria-label={small ? 'Menu' : undefined}
        inert={drawerHidden}
        onKeyDown={onDrawerKeyDown}
      >
        {small && (
          <button type="button" className="icon-button drawer-close" onClick={closeMenu}>
            <NavIcon name="close" />
            <span className="visually-hidden">Close menu</span>
          </button>
        )}
        <Sidebar pathname={pathname} user={user} devMailboxUrl={devMailboxUrl} onLogout={() => void onLogout()} />
      </aside>
      <main id="main" className="shell-main" tabIndex={-1} inert={small && menuOpen}>
        {children}
      </main>
    </div>
  );
}
