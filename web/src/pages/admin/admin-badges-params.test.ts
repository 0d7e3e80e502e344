import { describe, expect, it } from 'vitest';
import { adminBadgesHref, readAdminBadgesState, statusParam, toggledStatus } from './admin-badges-params';

describe('admin badges address', () => {
  it('reads status, search and page, falling back to every badge on page 1', () => {
    expect(readAdminBadgesState(new URLSearchParams('status=inactive&q=%20first%20&page=2'))).toEqual({ status: 'inactive', q: 'first', page: 2 });
    expect(readAdminBadgesState(new URLSearchParams('status=deleted&page=0'))).toEqual({ status: 'all', q: '', page: 1 });
  });

  it('leaves the defaults out of the address', () => {
    expect(adminBadgesHref({ status: 'all', q: '', page: 1 })).toBe('/admin/badges');
    expect(adminBadgesHref({ status: 'active', q: 'badge:3', page: 2 })).toBe('/admin/badges?status=active&q=badge%3A3&page=2');
  });

  it('asks the server for no status when showing all, and switches a row to the other status', () => {
    expect(statusParam('all')).toBeUndefined();
    expect(statusParam('inactive')).toBe('inactive');
    expect(toggledStatus('active')).toBe('inactive');
    expect(toggledStatus('inactive')).toBe('active');
  });
});
