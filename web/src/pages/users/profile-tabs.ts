import { userPath } from '../../components/question-links';

/** The profile's tabs in the order they show (spec section 2). */
export const PROFILE_TABS = ['overview', 'answers', 'questions', 'comments', 'badges', 'reputation', 'votes', 'bookmarks'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Only the person themself may list these: the server serves them for the caller only. */
const OWNER_ONLY: readonly ProfileTab[] = ['votes', 'bookmarks'];

/** Tabs whose list the reader may sort; the others are newest first. */
const SORTABLE: readonly ProfileTab[] = ['answers', 'questions'];
export const PROFILE_ORDERS = ['newest', 'score'] as const;
export type ProfileOrder = (typeof PROFILE_ORDERS)[number];

export const isOwnerOnly = (tab: ProfileTab) => OWNER_ONLY.includes(tab);
export const isSortable = (tab: ProfileTab) => SORTABLE.includes(tab);

/** The tab an address names: none is the overview; an unknown name is null (a 404). */
export function tabOf(tabName: string | undefined): ProfileTab | null {
  if (tabName === undefined) return 'overview';
  return PROFILE_TABS.find((tab) => tab === tabName) ?? null;
}

/** The tabs offered to this viewer: the owner-only ones to the owner alone. */
export const visibleTabs = (isOwner: boolean): ProfileTab[] => PROFILE_TABS.filter((tab) => isOwner || !isOwnerOnly(tab));

/** Page and order from the query string, ignoring values the server would not take. */
export function listParams(tab: ProfileTab, query: URLSearchParams): { page: number; order: ProfileOrder } {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const order = (isSortable(tab) && PROFILE_ORDERS.find((o) => o === query.get('order'))) || 'newest';
  return { page, order };
}

/** The address of a tab (the overview is the bare profile), with the defaults left out. */
export function tabPath(username: string, tab: ProfileTab, state: { page?: number; order?: ProfileOrder } = {}): string {
  const base = tab === 'overview' ? userPath(username) : `${userPath(username)}/${tab}`;
  const query = new URLSearchParams();
  if (state.order && state.order !== 'newest' && isSortable(tab)) query.set('order', state.order);
  if (state.page && state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}
