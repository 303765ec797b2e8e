import { describe, expect, it } from 'vitest';
import { findRoute, isUnder, matchPath } from './route-match';

describe('matchPath', () => {
  it('matches static paths exactly, ignoring a trailing slash', () => {
    expect(matchPath('/admin', '/admin')).toEqual({});
    expect(matchPath('/admin', '/admin/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/admin', '/admins')).toBeNull();
    expect(matchPath('/admin', '/admin/letters')).toBeNull();
    expect(matchPath('/admin/letters', '/admin')).toBeNull();
  });

  it('captures parameters, decoded', () => {
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns/12')).toEqual({ id: '12' });
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns/new')).toEqual({ id: 'new' });
    expect(matchPath('/a/:x/b/:y', '/a/one%20two/b/3')).toEqual({ x: 'one two', y: '3' });
  });

  it('needs a non-empty segment for a parameter, and refuses malformed escapes', () => {
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns')).toBeNull();
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns//')).toBeNull();
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns/%E0%A4%A')).toBeNull();
    expect(matchPath('/admin/campaigns/:id', '/admin/campaigns/7/extra')).toBeNull();
  });
});

describe('isUnder', () => {
  it('is true for the path itself and anything below it, never for a sibling sharing a prefix', () => {
    expect(isUnder('/admin/campaigns', '/admin/campaigns')).toBe(true);
    expect(isUnder('/admin/campaigns', '/admin/campaigns/new')).toBe(true);
    expect(isUnder('/admin/campaigns', '/admin/campaigns-archive')).toBe(false);
    expect(isUnder('/admin/campaigns', '/admin')).toBe(false);
  });
});

describe('findRoute', () => {
  const routes = [{ path: '/admin/campaigns/new-from-template' }, { path: '/admin/campaigns/:id' }, { path: '/' }];

  it('takes the first match in table order', () => {
    expect(findRoute(routes, '/admin/campaigns/new-from-template')?.route).toBe(routes[0]);
    expect(findRoute(routes, '/admin/campaigns/4')).toEqual({ route: routes[1], params: { id: '4' } });
    expect(findRoute(routes, '/')?.route).toBe(routes[2]);
    expect(findRoute(routes, '/nowhere')).toBeNull();
  });
});
