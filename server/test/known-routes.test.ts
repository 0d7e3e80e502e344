import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KNOWN_ROUTES, matchRoute } from '../src/known-routes.js';

const source = readFileSync(new URL('../../web/src/app/routes.tsx', import.meta.url), 'utf8');

/** The path strings of `page('...')` and `path: '...'` in a piece of routes.tsx. */
const pathsIn = (text: string) => [...text.matchAll(/(?:page\(|path: )'([^']+)'/g)].map((m) => m[1]!);

/** `text` from `start` to the first `end` after it. */
function section(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  expect(from, start).toBeGreaterThanOrEqual(0);
  return text.slice(from, text.indexOf(end, from) + end.length);
}

/** The router's full paths: the admin console under /admin, the settings pages under /users/settings. */
function routerPaths(): string[] {
  const admin = section(source, 'const adminRoutes', '];');
  const settings = section(source, "path: 'users/settings',", '],');
  const rest = source.replace(admin, '').replace(settings, '');
  const settingsChildren = pathsIn(settings.slice(settings.indexOf('children')));
  return [
    '/',
    '/admin',
    '/users/settings',
    ...pathsIn(rest).filter((p) => p !== '*').map((p) => `/${p}`),
    ...pathsIn(admin).map((p) => `/admin/${p}`),
    ...settingsChildren.map((p) => `/users/settings/${p}`),
  ];
}

describe('KNOWN_ROUTES', () => {
  it('lists exactly the paths of the web router', () => {
    expect([...KNOWN_ROUTES].sort()).toEqual([...new Set(routerPaths())].sort());
  });

  it('prefers static segments, as the router does', () => {
    expect(matchRoute('/users/login')).toBe('/users/login');
    expect(matchRoute('/users/alice')).toBe('/users/:username');
    expect(matchRoute('/users/settings/profile')).toBe('/users/settings/profile');
    expect(matchRoute('/tags/create')).toBe('/tags/create');
    expect(matchRoute('/users/notifications/inbox')).toBe('/users/notifications/:type/:subType?');
    expect(matchRoute('/users/notifications/inbox/all')).toBe('/users/notifications/:type/:subType?');
    expect(matchRoute('/')).toBe('/');
    expect(matchRoute('/nothing/here')).toBeNull();
    expect(matchRoute('/tags/a/b/c')).toBeNull();
  });
});
