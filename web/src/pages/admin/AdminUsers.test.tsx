import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../api/admin-users';
import { userStore } from '../../state/user';
import '../../utils/time-zone';
import { AdminUsers } from './AdminUsers';
import { adminPageHarness, click, settle } from './admin-test-utils';

const api = vi.hoisted(() => ({
  getAdminUsers: vi.fn(),
  getRoles: vi.fn(),
  changeUserStatus: vi.fn(),
  changeUserRole: vi.fn(),
  addUser: vi.fn(),
  addUsers: vi.fn(),
  setUserPassword: vi.fn(),
  setUserProfile: vi.fn(),
  getActivationLink: vi.fn(),
  resendActivation: vi.fn(),
  getAdminUserCenterAgent: vi.fn(),
  ADMIN_AGENT: ['admin', 'user-center-agent'],
}));
const EVERYTHING = { allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true };
vi.mock('../../api/admin-users', () => api);

const user = (over: Partial<AdminUser>): AdminUser => ({
  user_id: '2',
  created_at: 1_700_000_000,
  deleted_at: 0,
  suspended_at: 0,
  suspended_until: 0,
  username: 'member',
  e_mail: 'member@example.com',
  rank: 5,
  status: 'normal',
  display_name: 'A Member',
  avatar: '',
  role_id: 1,
  role_name: 'User',
  ...over,
});

describe('AdminUsers', () => {
  const page = adminPageHarness('/admin/users', <AdminUsers />);
  const rows = () => [...page.host.querySelectorAll('[data-testid="admin-user-row"]')] as HTMLElement[];
  const buttonNamed = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
  const choose = async (select: HTMLSelectElement, value: string) => {
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
      setter.call(select, value);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
  };

  beforeEach(() => {
    vi.clearAllMocks();
    userStore.set({ id: '1', access_token: 't', username: 'boss', display_name: 'Boss', avatar: { type: '', gravatar: '', custom: '' }, status: 'normal', mail_status: 1, role_id: 2 });
    api.getAdminUsers.mockResolvedValue({
      count: 2,
      list: [user({}), user({ user_id: '1', username: 'boss', display_name: 'Boss', role_id: 2, role_name: 'Admin' })],
    });
    api.changeUserStatus.mockResolvedValue(null);
    api.addUsers.mockResolvedValue(null);
    api.getAdminUserCenterAgent.mockResolvedValue(EVERYTHING);
  });

  it('asks for the tab and search in the address; the own row has no actions', async () => {
    await page.open('/admin/users?filter=suspended&query=spam&page=2');
    expect(api.getAdminUsers).toHaveBeenCalledWith({ page: 2, page_size: 20, query: 'spam', status: 'suspended' }, expect.anything());
    expect(rows().map((r) => r.dataset.username)).toEqual(['member', 'boss']);
    expect(rows()[0]!.querySelector('[data-testid="user-actions"]')).toBeTruthy();
    expect(rows()[1]!.querySelector('[data-testid="user-actions"]')).toBeNull();
  });

  it('suspends for seven days with a reason', async () => {
    await page.open('/admin/users');
    await click(rows()[0]!.querySelector('[data-testid="user-actions"]'));
    await click(buttonNamed('Change status'));
    const dialog = document.querySelector('[data-testid="user-status-dialog"]')!;
    expect((dialog.querySelector('#field-status') as HTMLSelectElement).value).toBe('suspended');
    await choose(dialog.querySelector('#field-suspend-for') as HTMLSelectElement, '7');
    const reason = dialog.querySelector('#field-reason') as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(reason, 'Spam');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const before = Math.floor(Date.now() / 1000);
    await click(buttonNamed('Save'));
    expect(api.changeUserStatus).toHaveBeenCalledTimes(1);
    const sent = api.changeUserStatus.mock.calls[0]![0];
    expect(sent).toMatchObject({ user_id: '2', status: 'suspended', reason: 'Spam', remove_all_content: false });
    expect(sent.suspended_until - before).toBeGreaterThanOrEqual(7 * 86400);
    expect(sent.suspended_until - before).toBeLessThan(7 * 86400 + 60);
  });

  it("offers nothing the site's user centre manages: no adding, no status or password, while the role stays", async () => {
    api.getAdminUserCenterAgent.mockResolvedValue({ ...EVERYTHING, allow_create_user: false, allow_update_user_status: false, allow_update_user_password: false });
    await page.open('/admin/users');
    expect(buttonNamed('Add user')).toBeUndefined();
    expect(buttonNamed('Add users in bulk')).toBeUndefined();
    await click(rows()[0]!.querySelector('[data-testid="user-actions"]'));
    const offered = [...document.querySelectorAll('.dropdown-menu button')].map((b) => b.textContent?.trim());
    expect(offered).not.toContain('Change status');
    expect(offered).not.toContain('Set password');
    expect(offered).toContain('Edit profile');
    expect(offered).toContain('Change role');
  });

  it('lists the bad lines of a refused bulk add', async () => {
    const { ApiError } = await import('../../api/api-error');
    api.addUsers.mockRejectedValue(new ApiError(400, 'error.admin.bulk_add_failed', 'No user was added', [], [{ error_field: 'users', error_msg: 'Line 2: bad.' }, { error_field: 'users', error_msg: 'Line 5: used.' }]));
    await page.open('/admin/users');
    await click(buttonNamed('Add users in bulk'));
    await click(buttonNamed('Add'));
    expect([...document.querySelectorAll('[data-testid="bulk-errors"] li')].map((li) => li.textContent)).toEqual(['Line 2: bad.', 'Line 5: used.']);
    expect(document.querySelector('[data-testid="bulk-add-dialog"]')).toBeTruthy();
  });
});
