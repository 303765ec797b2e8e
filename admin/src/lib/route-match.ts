/**
 * Route patterns like '/admin/campaigns/:id'. A segment starting with ':' captures one non-empty
 * path segment (percent-decoded); everything else must match exactly. A trailing slash is ignored.
 */
export type RouteParams = Record<string, string>;

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(pathname);
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    if (w.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(h);
      } catch {
        // A malformed escape ('%E0%A4%A') cannot name anything: no match rather than a crash.
        return null;
      }
      params[w.slice(1)] = value;
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

/** True when `pathname` is `base` or lies below it ('/admin/campaigns/7' is under '/admin/campaigns'). */
export function isUnder(base: string, pathname: string): boolean {
  const b = segmentsOf(base);
  const p = segmentsOf(pathname);
  return b.length <= p.length && b.every((s, i) => s === p[i]);
}

/** The first route whose pattern matches, with its params. */
export function findRoute<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
