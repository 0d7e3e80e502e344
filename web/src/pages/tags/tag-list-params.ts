import type { TagSort } from '../../api/tags';

export const TAG_SORTS: TagSort[] = ['popular', 'name', 'newest'];

/** The tag list's state in its address: `?sort=&q=&page=`, defaults left out. */
export interface TagListState {
  sort: TagSort;
  /** Part of a tag name to filter by. */
  q: string;
  page: number;
}

export function readTagListState(params: URLSearchParams): TagListState {
  return {
    sort: TAG_SORTS.find((s) => s === params.get('sort')) ?? 'popular',
    q: (params.get('q') ?? '').trim(),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export function tagListHref(state: TagListState): string {
  const params = new URLSearchParams();
  if (state.sort !== 'popular') params.set('sort', state.sort);
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `/tags${text ? `?${text}` : ''}`;
}

/** A new filter starts again at page 1; the sort is kept. */
export const withFilter = (state: TagListState, q: string): TagListState => ({ ...state, q: q.trim(), page: 1 });
