/**
 * The route table: every page of this app, loaded lazily (one chunk per feature page), and the
 * frame it sits in. 'public' pages bring their own header and footer; 'admin' pages sit inside the
 * admin shell (access check, sidebar). The first matching path wins.
 *
 * To add a page: add a row here pointing at features/<name>/components/<name>-page.tsx (a named
 * export), then link to its path with <Link to="...">.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazy-page';

export interface AppRoute {
  path: string;
  frame: 'public' | 'admin';
  page: LazyExoticComponent<ComponentType<object>>;
}

export const routes: readonly AppRoute[] = [
  { path: '/', frame: 'public', page: lazyPage(() => import('../features/landing/components/landing-page'), 'LandingPage') },
  { path: '/help', frame: 'public', page: lazyPage(() => import('../features/help/components/help-page'), 'HelpPage') },
  { path: '/privacy', frame: 'public', page: lazyPage(() => import('../features/privacy/components/privacy-page'), 'PrivacyPage') },
  {
    path: '/auth/callback',
    frame: 'public',
    page: lazyPage(() => import('../features/auth-callback/components/auth-callback-page'), 'AuthCallbackPage'),
  },
  { path: '/admin', frame: 'admin', page: lazyPage(() => import('../features/dashboard/components/dashboard-page'), 'DashboardPage') },
  { path: '/admin/causes', frame: 'admin', page: lazyPage(() => import('../features/campaigns/components/campaigns-page'), 'CampaignsPage') },
  {
    path: '/admin/campaigns/:id',
    frame: 'admin',
    page: lazyPage(() => import('../features/campaigns/components/campaign-edit-page'), 'CampaignEditPage'),
  },
  {
    path: '/admin/campaigns/:id/quarantines',
    frame: 'admin',
    page: lazyPage(() => import('../features/floods/components/quarantines-page'), 'QuarantinesPage'),
  },
  { path: '/admin/supporters', frame: 'admin', page: lazyPage(() => import('../features/supporters/components/supporters-page'), 'SupportersPage') },
  { path: '/admin/letters', frame: 'admin', page: lazyPage(() => import('../features/letters/components/letters-page'), 'LettersPage') },
  {
    path: '/admin/message-points',
    frame: 'admin',
    page: lazyPage(() => import('../features/message-points/components/message-points-page'), 'MessagePointsPage'),
  },
  { path: '/admin/districts', frame: 'admin', page: lazyPage(() => import('../features/boundary-sets/components/boundary-sets-page'), 'BoundarySetsPage') },
  {
    path: '/admin/districts/:id',
    frame: 'admin',
    page: lazyPage(() => import('../features/boundary-sets/components/boundary-set-page'), 'BoundarySetPage'),
  },
  { path: '/admin/audit-log', frame: 'admin', page: lazyPage(() => import('../features/audit-log/components/audit-log-page'), 'AuditLogPage') },
  { path: '/admin/admins', frame: 'admin', page: lazyPage(() => import('../features/admins/components/admins-page'), 'AdminsPage') },
  { path: '/admin/settings', frame: 'admin', page: lazyPage(() => import('../features/settings/components/settings-page'), 'SettingsPage') },
  { path: '/admin/erasure', frame: 'admin', page: lazyPage(() => import('../features/erasure/components/erasure-page'), 'ErasurePage') },
];

/**
 * An address no route matches: under /admin (the server sends every /admin/* here) inside the
 * shell, anywhere else (a stale link inside the app) as a public page.
 */
export const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');

/** The admin shell: loaded only when an admin page is, so the landing page stays small. */
export const AdminShell = lazyPage(() => import('../features/admin-shell/components/admin-shell'), 'AdminShell');
