import type { BadgeStatus } from '../../api/badges';

/** The list's filter: every badge, or only the active or the inactive ones. */
export const ADMIN_BADGE_FILTERS = ['all', 'active', 'inactive'] as const;
export type AdminBadgeFilter = (typeof ADMIN_BADGE_FILTERS)[number];

/** /admin/badges state in its address: `?status=&q=&page=`, defaults left out. */
export interface AdminBadgesState {
  status: AdminBadgeFilter;
  q: string;
  page: number;
}

export function readAdminBadgesState(params: URLSearchParams): AdminBadgesState {
  return {
    status: ADMIN_BADGE_FILTERS.find((s) => s === params.get('status')) ?? 'all',
    q: (params.get('q') ?? '').trim(),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export function adminBadgesHref(state: AdminBadgesState): string {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/admin/badges${text ? `?${text}` : ''}`;
}

/** What the server is asked: `all` is no status at all. */
export const statusParam = (filter: AdminBadgeFilter): BadgeStatus | undefined => (filter === 'all' ? undefined : filter);

/** The status a row's button switches to. */
export const toggledStatus = (status: BadgeStatus): BadgeStatus => (status === 'active' ? 'inactive' : 'active');
