import { Suspense } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog';
import { Loading } from '../components/spinner';
import { AuthProvider } from '../lib/auth';
import { NotifyProvider } from '../lib/notify';
import { isUnder, findRoute } from '../lib/route-match';
import { RouteParamsProvider, useLocation } from '../lib/router';
import { PageErrorBoundary } from './page-error-boundary';
import { RouteAnnouncer } from './route-announcer';
import { AdminShell, NotFoundPage, routes } from './routes';

export function App() {
  return (
    <NotifyProvider>
      <AuthProvider>
        <ConfirmProvider>
          <RouteAnnouncer />
          <CurrentPage />
        </ConfirmProvider>
      </AuthProvider>
    </NotifyProvider>
  );
}

function CurrentPage() {
  const { pathname } = useLocation();
  const match = findRoute(routes, pathname);
  const Page = match?.route.page ?? NotFoundPage;
  const frame = match?.route.frame ?? (isUnder('/admin', pathname) ? 'admin' : 'public');

  // Keyed by path: another campaign's edit page starts fresh, and a failed page does not stick.
  const page = (
    <PageErrorBoundary key={pathname}>
      <RouteParamsProvider params={match?.params ?? {}}>
        <Suspense fallback={<Loading label="Loading page..." />}>
          <Page />
        </Suspense>
      </RouteParamsProvider>
    </PageErrorBoundary>
  );
  if (frame === 'public') return page;
  // The shell stays mounted from one admin page to the next: one access check, sidebar kept.
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Loading label="Loading..." />}>
        <AdminShell>{page}</AdminShell>
      </Suspense>
    </PageErrorBoundary>
  );
}
