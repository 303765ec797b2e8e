/**
 * A tiny history-API router (no router package on the design card): the current location as an
 * external store, navigate(), <Link>, and the params of the matched route. Route matching itself
 * is pure and lives in route-match.ts; the route table is app/routes.tsx.
 *
 * Only this SPA's pages go through navigate()/<Link>: /widget/{id} and /letter/review are another
 * app, so link to them with a plain <a href>.
 */
import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { RouteParams } from './route-match';

export interface AppLocation {
  pathname: string;
  search: string;
  /** What navigate(to, { state }) carried; null after a reload or when nothing was passed. */
  state: unknown;
}

const listeners = new Set<() => void>();
let cached: { key: string; state: unknown; location: AppLocation } | null = null;

function readLocation(): AppLocation {
  const key = window.location.pathname + window.location.search;
  const state: unknown = window.history.state;
  if (!cached || cached.key !== key || cached.state !== state) {
    cached = { key, state, location: { pathname: window.location.pathname, search: window.location.search, state } };
  }
  return cached.location;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

function notify() {
  for (const l of listeners) l();
}

export interface NavigateOptions {
  /** Replace the current history entry (redirects) instead of adding one. */
  replace?: boolean;
  state?: unknown;
}

/** Goes to another page of this app without reloading. `to` is a path with an optional query. */
export function navigate(to: string, options: NavigateOptions = {}) {
  const state = options.state ?? null;
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  // A new page starts at its top, as a full page load would.
  window.scrollTo(0, 0);
  notify();
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, readLocation, readLocation);
}

/** The query string of the current location as URLSearchParams. */
export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

const ParamsContext = createContext<RouteParams>({});

/** Provided by the route table around the page it renders. */
export function RouteParamsProvider({ params, children }: { params: RouteParams; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

/** The matched route's parameters: on '/admin/campaigns/:id', useParams().id. */
export function useParams(): RouteParams {
  return useContext(ParamsContext);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/**
 * A real <a href> (so opening in a new tab, copying the address and middle-click all work) that
 * navigates in place on a plain left click.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (target && target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
