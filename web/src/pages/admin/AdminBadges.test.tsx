import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBadge } from '../../api/badges';
import { AdminBadges } from './AdminBadges';
import { adminPageHarness, click } from './admin-test-utils';

const api = vi.hoisted(() => ({ getAdminBadges: vi.fn(), setBadgeStatus: vi.fn() }));
vi.mock('../../api/badges', () => api);

const badge = (over: Partial<AdminBadge>): AdminBadge => ({
  id: '1',
  name: 'Autobiographer',
  description: 'Filled out profile information.',
  icon: 'person-badge-fill',
  award_count: 3,
  level: 1,
  group_name: 'Getting Started',
  status: 'active',
  ...over,
});

describe('AdminBadges', () => {
  const page = adminPageHarness('/admin/badges', <AdminBadges />);
  const rows = () => [...page.host.querySelectorAll('[data-testid="admin-badge-row"]')];
  const buttonNamed = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === label);

  beforeEach(() => {
    vi.clearAllMocks();
    api.getAdminBadges.mockResolvedValue({ count: 2, list: [badge({}), badge({ id: '2', name: 'Editor', icon: 'pencil-fill', status: 'inactive', award_count: 0 })] });
    api.setBadgeStatus.mockResolvedValue(null);
  });

  it('lists the badges with group, level, awards and status, and asks with the filter from the address', async () => {
    await page.open('/admin/badges?status=active&q=auto&page=2');
    expect(api.getAdminBadges).toHaveBeenCalledWith({ page: 2, page_size: 20, q: 'auto', status: 'active' }, expect.anything());
    expect(rows().map((r) => [...r.querySelectorAll('td')].slice(1, 5).map((td) => td.textContent))).toEqual([
      ['Getting Started', 'Bronze', '3', 'Active'],
      ['Getting Started', 'Bronze', '0', 'Inactive'],
    ]);
    // Only an active badge has a public page to open.
    expect(rows()[0]?.querySelector('a')?.getAttribute('href')).toBe('/badges/1');
    expect(rows()[1]?.querySelector('a')).toBeNull();
    expect(page.host.querySelector<HTMLInputElement>('input[type="search"]')?.value).toBe('auto');
    expect(page.host.querySelector('a[aria-current="page"]')?.textContent).toBe('Active');
  });

  it('deactivates a badge only after the confirmation, then asks for the list again', async () => {
    await page.open('/admin/badges');
    expect(api.getAdminBadges).toHaveBeenCalledWith({ page: 1, page_size: 20, q: undefined, status: undefined }, expect.anything());
    await click(rows()[0]?.querySelector('button'));
    expect(document.body.textContent).toContain('Deactivate “Autobiographer”?');
    expect(api.setBadgeStatus).not.toHaveBeenCalled();

    // Cancelling changes nothing.
    await click(buttonNamed('Cancel'));
    expect(api.setBadgeStatus).not.toHaveBeenCalled();

    await click(rows()[0]?.querySelector('button'));
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setBadgeStatus).toHaveBeenCalledWith('1', 'inactive');
    expect(api.getAdminBadges).toHaveBeenCalledTimes(2);
  });

  it('activates an inactive badge', async () => {
    await page.open('/admin/badges');
    await click(rows()[1]?.querySelector('button'));
    expect(document.body.textContent).toContain('Activate “Editor”?');
    await click(document.querySelector('.modal-footer .btn-danger'));
    expect(api.setBadgeStatus).toHaveBeenCalledWith('2', 'active');
  });

  it('says why the list is empty and offers every badge again', async () => {
    api.getAdminBadges.mockResolvedValue({ count: 0, list: [] });
    await page.open('/admin/badges?status=inactive');
    expect(page.host.querySelector('[data-testid="admin-badges-empty"]')?.textContent).toContain('No badge is inactive.');
    expect(page.host.querySelector('[data-testid="admin-badges-empty"] a')?.getAttribute('href')).toBe('/admin/badges');
  });
});
