import { describe, expect, it } from 'vitest';
import { adminUsersHref, filterParams, readAdminUsersState, suspensionEnd } from './admin-users-params';

describe('admin users address and suspension end', () => {
  it('round-trips the state through the address, leaving defaults out', () => {
    expect(adminUsersHref({ filter: 'all', query: '', page: 1 })).toBe('/admin/users');
    const href = adminUsersHref({ filter: 'suspended', query: 'spam', page: 3 });
    expect(href).toBe('/admin/users?filter=suspended&query=spam&page=3');
    expect(readAdminUsersState(new URLSearchParams(href.split('?')[1]))).toEqual({ filter: 'suspended', query: 'spam', page: 3 });
    expect(readAdminUsersState(new URLSearchParams('filter=nope&page=-2'))).toEqual({ filter: 'all', query: '', page: 1 });
  });

  it('asks the server for a tab', () => {
    expect(filterParams('all')).toEqual({});
    expect(filterParams('staff')).toEqual({ staff: true });
    expect(filterParams('inactive')).toEqual({ status: 'inactive' });
  });

  it('computes the end of a suspension', () => {
    const now = Date.UTC(2026, 0, 1) ;
    expect(suspensionEnd('forever', '', now)).toBe(0);
    expect(suspensionEnd('7', '', now)).toBe(now / 1000 + 7 * 86400);
    expect(suspensionEnd('custom', '', now)).toBeNaN();
    expect(suspensionEnd('custom', '2030-01-02T03:04', now)).toBe(Math.floor(new Date('2030-01-02T03:04').getTime() / 1000));
  });
});
