import { ADMIN_ANSWER_FILTERS, ADMIN_QUESTION_FILTERS, type AdminAnswerFilter, type AdminQuestionFilter } from '@answer/contract';

/** What a row (or the selected rows) can be told to do; each maps to a status change or a purge. */
export type ContentAction = 'close' | 'reopen' | 'delete' | 'undelete' | 'purge';

/**
 * The actions of a tab, in button order. Each tab holds posts of one status, so the actions fit
 * every row in it, and the same list serves the row buttons and the bulk bar. Posts waiting for
 * review are approved in the review queue; here they can only be deleted.
 */
export const QUESTION_ACTIONS: Record<AdminQuestionFilter, ContentAction[]> = {
  normal: ['close', 'delete'],
  closed: ['reopen', 'delete'],
  deleted: ['undelete', 'purge'],
  pending: ['delete'],
};

export const ANSWER_ACTIONS: Record<AdminAnswerFilter, ContentAction[]> = {
  normal: ['delete'],
  deleted: ['undelete', 'purge'],
  pending: ['delete'],
};

/** The status an action sets ('purge' sets none: the post goes). */
export function targetStatus(action: Exclude<ContentAction, 'purge'>): 'available' | 'closed' | 'deleted' {
  if (action === 'close') return 'closed';
  if (action === 'delete') return 'deleted';
  return 'available';
}

/** Actions that cannot be undone from the admin pages get a red button. */
export const isDanger = (action: ContentAction) => action === 'delete' || action === 'purge';

/** /admin/questions and /admin/answers state in the address: `?status=&query=&page=` (and `question_id=`), defaults left out. */
export interface ContentListState<F extends string> {
  status: F;
  query: string;
  page: number;
  /** Answers only: one question's answers. */
  questionId: string;
}

function readState<F extends string>(params: URLSearchParams, filters: readonly F[]): ContentListState<F> {
  const fallback = filters[0]!;
  return {
    status: filters.find((s) => s === params.get('status')) ?? fallback,
    query: (params.get('query') ?? '').trim(),
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    // Upstream's admin links use `questionId`.
    questionId: (params.get('question_id') ?? params.get('questionId') ?? '').trim(),
  };
}

export const readQuestionsState = (params: URLSearchParams) => readState<AdminQuestionFilter>(params, ADMIN_QUESTION_FILTERS);
export const readAnswersState = (params: URLSearchParams) => readState<AdminAnswerFilter>(params, ADMIN_ANSWER_FILTERS);

export function contentListHref<F extends string>(base: '/admin/questions' | '/admin/answers', state: ContentListState<F>): string {
  const params = new URLSearchParams();
  if (state.status !== 'normal') params.set('status', state.status);
  if (state.query) params.set('query', state.query);
  if (state.questionId && base === '/admin/answers') params.set('question_id', state.questionId);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return `${base}${text ? `?${text}` : ''}`;
}

/** What a bulk reply adds up to: how many changed, how many were already so, and the failures' messages. */
export function summarise(results: { id: string; ok: boolean; changed: boolean; msg: string }[]) {
  const failed = results.filter((r) => !r.ok);
  return {
    changed: results.filter((r) => r.ok && r.changed).length,
    unchanged: results.filter((r) => r.ok && !r.changed).length,
    failed: failed.length,
    messages: [...new Set(failed.map((r) => r.msg).filter(Boolean))],
  };
}

/**
 * The selection after a click on the "select all" box: all of this page's rows, or none when
 * they were all selected already.
 */
export function toggledAll(selected: ReadonlySet<string>, pageIds: string[]): Set<string> {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return all ? new Set() : new Set(pageIds);
}

export function toggledOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
