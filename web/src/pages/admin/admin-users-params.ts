import type { AdminUserStatus } from '../../api/admin-users';

/** The list's tabs: every account but the deleted, the staff, or one status. */
export const ADMIN_USER_FILTERS = ['all', 'staff', 'normal', 'inactive', 'suspended', 'deleted'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** /admin/users state in its address: `?filter=&query=&page=`, defaults left out. */
export interface AdminUsersState {
  filter: AdminUserFilter;
  query: string;
  page: number;
}

export function readAdminUsersState(params: URLSearchParams): AdminUsersState {
  return {
    filter: ADMIN_USER_FILTERS.find((s) => s === params.get('filter')) ?? 'all',
    query: (params.get('query') ?? '').trim(),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export function adminUsersHref(state: AdminUsersState): string {
  const params = new URLSearchParams();
  if (state.filter !== 'all') params.set('filter', state.filter);
  if (state.query) params.set('query', state.query);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/admin/users${text ? `?${text}` : ''}`;
}

/** What the server is asked for a tab. */
export function filterParams(filter: AdminUserFilter): { status?: AdminUserStatus; staff?: boolean } {
  if (filter === 'all') return {};
  if (filter === 'staff') return { staff: true };
  return { status: filter };
}

/** Suspension lengths offered; `custom` asks for a date and time. */
export const SUSPEND_CHOICES = ['forever', '1', '7', '30', 'custom'] as const;
export type SuspendChoice = (typeof SUSPEND_CHOICES)[number];

/**
 * The end of a suspension in Unix seconds (0 = until lifted): days from `now`, or the local date and
 * time typed for `custom` (NaN when that is empty or not a date).
 */
export function suspensionEnd(choice: SuspendChoice, custom: string, now = Date.now()): number {
  if (choice === 'forever') return 0;
  if (choice === 'custom') {
    const at = new Date(custom).getTime();
    return custom && Number.isFinite(at) ? Math.floor(at / 1000) : Number.NaN;
  }
  return Math.floor(now / 1000) + Number(choice) * 86400;
}
