import type { Selectable } from 'kysely';
import { presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { urlTitle } from '../../core/slug.js';
import type { QuestionTable } from '../../db/schema.js';
import type { TagBrief } from '../tag/presenter.js';
import type { UserBasicInfo } from '../user/basic.js';

export type QuestionRow = Selectable<QuestionTable>;

const operatorOf = (u: UserBasicInfo | undefined) =>
  u ? { id: u.id, username: u.username, rank: u.rank, display_name: u.display_name, status: u.status } : null;

export interface LastAnswer {
  user_id: string;
  created_at: number;
}

/**
 * The "asked / modified / answered by … at …" line of a list item (domain.md 11.1): the newest of
 * the last edit and the last answer, or the asking itself; "newest" lists always show the asking.
 */
function operation(q: QuestionRow, order: string, lastAnswer: LastAnswer | undefined) {
  const asked = { operation_type: 'asked', operated_at: Number(q.created_at), operator_id: String(q.user_id) };
  if (order === 'newest') return asked;
  let best = asked;
  const edited = Number(q.updated_at);
  if (String(q.last_edit_user_id) !== '0' && edited > best.operated_at) {
    best = { operation_type: 'modified', operated_at: edited, operator_id: String(q.last_edit_user_id) };
  }
  if (lastAnswer && Number(lastAnswer.created_at) > best.operated_at) {
    best = { operation_type: 'answered', operated_at: Number(lastAnswer.created_at), operator_id: String(lastAnswer.user_id) };
  }
  return best;
}

export function presentListItem(
  q: QuestionRow,
  ctx: { order: string; permalink: number; tags: TagBrief[]; users: Map<string, UserBasicInfo>; lastAnswer?: LastAnswer },
) {
  const op = operation(q, ctx.order, ctx.lastAnswer);
  return {
    id: presentId(String(q.id), ctx.permalink),
    created_at: Number(q.created_at),
    title: q.title,
    url_title: urlTitle(q.title),
    description: excerpt(q.parsed_text),
    pin: Number(q.pin),
    show: Number(q.show),
    status: Number(q.status),
    tags: ctx.tags,
    view_count: Number(q.view_count),
    unique_view_count: Number(q.unique_view_count),
    vote_count: Number(q.vote_count),
    answer_count: Number(q.answer_count),
    collection_count: Number(q.collection_count),
    follow_count: Number(q.follow_count),
    accepted_answer_id: presentOptionalId(q.accepted_answer_id, ctx.permalink),
    last_answer_id: presentOptionalId(q.last_answer_id, ctx.permalink),
    operated_at: op.operated_at,
    operator: operatorOf(ctx.users.get(op.operator_id)),
    operation_type: op.operation_type,
  };
}

export const presentOptionalId = (id: string | number, permalink: number) =>
  String(id) === '0' ? '0' : presentId(String(id), permalink);

/** Ids of the users a list item shows, for one batch load. */
export function listUserIds(q: QuestionRow, lastAnswer?: LastAnswer): string[] {
  return [String(q.user_id), String(q.last_edit_user_id), ...(lastAnswer ? [lastAnswer.user_id] : [])];
}
