import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sectionOf } from './nav-sections';
import { routes } from './routes';

/** The section lit for a path, through the app's real route table. */
const litFor = (path: string) => sectionOf((matchRoutes(routes, path) ?? []).map((m) => m.route));

describe('navigation section', () => {
  it('lights no link on the account pages that share the /users prefix', () => {
    for (const path of ['/users/login', '/users/register', '/users/settings/profile', '/users/account-recovery', '/users/notifications/inbox']) {
      expect(litFor(path), path).toBeNull();
    }
  });

  it('lights Users for the user list and profiles only', () => {
    expect(litFor('/users')).toBe('users');
    expect(litFor('/users/alice')).toBe('users');
    expect(litFor('/users/alice/answers')).toBe('users');
  });

  it('lights the section that owns each page', () => {
    expect(litFor('/')).toBe('questions');
    expect(litFor('/questions/ask')).toBe('questions');
    expect(litFor('/questions/10010000000000001/how-to')).toBe('questions');
    expect(litFor('/posts/10010000000000001/edit')).toBe('questions');
    expect(litFor('/tags/docker/edit')).toBe('tags');
    expect(litFor('/badges/1')).toBe('badges');
    expect(litFor('/search')).toBeNull();
    expect(litFor('/admin/users')).toBeNull();
  });
});
