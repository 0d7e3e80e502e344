import type { QuestionOrder } from '../../../api/questions';

/** The orders every question list offers; `recommend` is the signed-in home feed (followed tags). */
export const LIST_ORDERS = ['newest', 'active', 'frequent', 'score', 'unanswered'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number] | 'recommend';

export interface ListState {
  order: ListOrder;
  page: number;
}

/** Reads order and page from the address, ignoring values the server would refuse (and the feed for visitors). */
export function readListState(params: URLSearchParams, withFeed: boolean): ListState {
  const raw = params.get('order');
  const known = [...LIST_ORDERS, ...(withFeed ? (['recommend'] as const) : [])];
  const order = known.find((o) => o === raw) ?? 'newest';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { order, page };
}

/** `base` with order and page as the address keeps them (defaults left out), plus any `extra` parameters. */
export function listHref(base: string, state: ListState, extra: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams();
  if (state.order !== 'newest') query.set('order', state.order);
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  if (state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return `${base}${text ? `?${text}` : ''}`;
}

/** The server's order for a list order (the feed has its own endpoint and no order). */
export const serverOrder = (order: ListOrder): QuestionOrder | undefined => (order === 'recommend' ? undefined : order);
