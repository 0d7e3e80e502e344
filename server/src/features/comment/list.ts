import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { commentPageQuery } from '@answer/contract';
import { notFound } from '../../core/errors.js';
import { can, type SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { toLongId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { Db } from '../../db/connect.js';
import { precompiled } from '../../db/precompiled.js';
import { ACT } from '../activity/types.js';
import type { CommentTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { cachedCommentPage, visitorsPageOrNone } from '../question/list-cache.js';
import { loadUserBasics } from '../user/basic.js';
import { loadVisibleObject } from '../visibility/objects.js';
import { C, canEditComment } from './service.js';

type CommentRow = Selectable<CommentTable>;
type CommentPageQuery = z.infer<typeof commentPageQuery>;

/**
 * GET /comment/page (domain.md 5.6): the comments of a post the caller may see; a deep-linked
 * comment not on the page is appended.
 */
export async function commentPage(runtime: Runtime, query: CommentPageQuery, user: SessionUser | null, lang: string) {
  if (!user) return (await anonymousCommentPage(runtime, query, lang)).data;
  const shared = await visitorsPageOrNone(anonymousCommentPage(runtime, query, lang));
  if (!shared) return loadCommentPage(runtime, query, user, lang);
  return withViewer(runtime, shared.data, user, lang);
}

type CommentPage = Awaited<ReturnType<typeof loadCommentPage>>;

/**
 * A signed-in reader's page of comments: the visitors' cached one (every reader who may see the
 * post sees the same comments) with the reader's votes, read fresh in one statement, and actions
 * laid over it; the same JSON as loadCommentPage builds for them (test/viewer-overlay.test.ts).
 */
export async function withViewer(runtime: Runtime, shared: CommentPage, user: SessionUser, lang: string): Promise<CommentPage> {
  const thresholds = await loadThresholds(runtime);
  const ids = shared.list.map((c) => c.comment_id);
  const votes = await commentVotes(runtime.database, ids, user.id);
  return { ...shared, list: shared.list.map((c) => ({ ...c, is_vote: votes.has(c.comment_id), member_actions: commentActions(user, c, thresholds, lang) })) };
}

/** Visitors share one page of comments, cached like question/info (question/list-cache.ts). */
export const anonymousCommentPage = (runtime: Runtime, query: CommentPageQuery, lang: string) =>
  cachedCommentPage(runtime, [query, lang], () => loadCommentPage(runtime, query, null, lang));

/** The page of comments of one viewer built from the tables. */
export async function loadCommentPage(runtime: Runtime, query: CommentPageQuery, user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const objectId = toLongId(query.object_id);
  // Comments are part of their post: a post the caller may not see has no comments for them.
  const post = objectId ? await loadVisibleObject(runtime, user, objectId, await loadThresholds(runtime)) : null;
  if (!post || post.kind === 'tag') throw notFound('error.object.not_found');
  // Defaults and limits are the contract's pageNumber/pageSize.
  const { page, page_size: pageSize } = query;
  const base = () => db.selectFrom('comment').where('object_id', '=', post.id).where('status', '=', C.available);
  let list = base().selectAll();
  if (query.query_cond === 'vote') list = list.orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
  else if (query.query_cond === 'created_at') list = list.orderBy('created_at', 'desc');
  else list = list.orderBy('created_at', 'asc');
  const [rows, count] = await Promise.all([
    list.orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const linked = query.comment_id ? toLongId(query.comment_id) : null;
  if (linked && !rows.some((r) => String(r.id) === linked)) {
    const extra = await base().selectAll().where('id', '=', linked).executeTakeFirst();
    if (extra) rows.push(extra);
  }
  return pageOf(count.n as number, await presentComments(runtime, rows, user, lang));
}

export async function presentComments(runtime: Runtime, rows: CommentRow[], user: SessionUser | null, lang: string) {
  const thresholds = await loadThresholds(runtime);
  const users = await loadUserBasics(runtime, rows.flatMap((r) => [String(r.user_id), String(r.reply_user_id ?? '0')]));
  const ids = rows.map((r) => String(r.id));
  const votes = user ? await commentVotes(runtime.database, ids, user.id) : new Set<string>();
  return rows.map((c) => {
    const author = users.get(String(c.user_id));
    const replied = c.reply_user_id ? users.get(String(c.reply_user_id)) : undefined;
    return {
      comment_id: String(c.id),
      created_at: Number(c.created_at),
      user_id: String(c.user_id),
      username: author?.username ?? '',
      user_display_name: author?.display_name ?? '',
      user_avatar: author?.avatar ?? '',
      user_status: author?.status ?? '',
      reply_user_id: c.reply_user_id ? String(c.reply_user_id) : '',
      reply_username: replied?.username ?? '',
      reply_user_display_name: replied?.display_name ?? '',
      reply_comment_id: c.reply_comment_id ? String(c.reply_comment_id) : '',
      reply_user_status: replied?.status ?? '',
      object_id: String(c.object_id),
      vote_count: Number(c.vote_count),
      is_vote: votes.has(String(c.id)),
      original_text: c.original_text,
      parsed_text: c.parsed_text,
      member_actions: commentActions(user, c, thresholds, lang),
    };
  });
}

/** The votes statement for `count` comments, compiled once per database and page length (db/precompiled.ts). */
const votesStatements = new Map<number, ReturnType<typeof votesStatement>>();

const votesStatement = (count: number) =>
  precompiled((db, slot) =>
    db
      .selectFrom('activity')
      .select('object_id')
      .where('user_id', '=', slot('user'))
      .where('object_id', 'in', Array.from({ length: count }, (_, i) => slot(`comment${i}`)))
      .where('activity_type', '=', ACT.commentVoteUp)
      .where('cancelled', '=', 0),
  );

/** The comments of `ids` the viewer voted up, in one indexed statement. */
async function commentVotes(db: Db, ids: string[], userId: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  let statement = votesStatements.get(ids.length);
  if (!statement) votesStatements.set(ids.length, (statement = votesStatement(ids.length)));
  const values: Record<string, string> = { user: userId };
  ids.forEach((id, i) => (values[`comment${i}`] = id));
  return new Set((await statement(db, values)).map((v) => String(v.object_id)));
}

/** What the viewer may do to a comment: flag it, edit it (author in time, admins), delete it. */
function commentActions(user: SessionUser | null, c: { user_id: string | number; created_at: number | string }, thresholds: Thresholds, lang: string) {
  const actions = [];
  if (can(user, 'report.add', thresholds)) actions.push({ action: 'report', name: t(lang, 'action.report'), type: 'reason' });
  if (canEditComment(user, c)) actions.push({ action: 'edit', name: t(lang, 'action.edit'), type: 'edit' });
  if (can(user, 'comment.delete', thresholds, c.user_id)) actions.push({ action: 'delete', name: t(lang, 'action.delete'), type: 'confirm' });
  return actions;
}
