import type { User } from '@dais/api/contract';
import { Link } from '../../../lib/router';
import { Avatar } from './avatar';
import { NavIcon } from './nav-icons';
import { isActive, NAV_ITEMS } from './nav-items';

interface SidebarProps {
  pathname: string;
  user: User;
  /** Where the server keeps mail when no SMTP server is configured on a laptop; null otherwise. */
  devMailboxUrl: string | null;
  onLogout: () => void;
}

export function Sidebar({ pathname, user, devMailboxUrl, onLogout }: SidebarProps) {
  const displayName = user.google_user_data.name || user.email;
  return (
    <>
      <div className="sidebar-brand">
        <span className="brand-mark" aria-hidden="true">
          D
        </span>
        <span>
          Dais <span className="brand-sub">Admin</span>
        </span>
      </div>
      <nav className="sidebar-nav" aria-label="Admin">
        <ul>
          {NAV_ITEMS.map((item) => {
            const active = isActive(item, pathname);
            return (
              <li key={item.to}>
                <Link to={item.to} className={active ? 'nav-link active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                  <NavIcon name={item.icon} />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="sidebar-actions">
        <Link to="/" className="nav-link">
          <NavIcon name="public" />
          Public View
        </Link>
        {devMailboxUrl && (
          // A page of the server's own, not of this app: a plain link, in a tab of its own.
          <a href={devMailboxUrl} className="nav-link" target="_blank" rel="noopener">
            <NavIcon name="mailbox" />
            Development mailbox
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        <button type="button" className="nav-link nav-button" onClick={onLogout}>
          <NavIcon name="logout" />
          Logout
        </button>
      </div>
      <div className="sidebar-user">
        <Avatar picture={user.google_user_data.picture} name={displayName} />
        <div className="sidebar-user-text">
          <p className="sidebar-user-name">{displayName}</p>
          <p className="sidebar-user-email">{user.email}</p>
        </div>
      </div>
    </>
  );
}
