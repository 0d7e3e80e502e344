import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { answerPageQuery, PostSource } from '@answer/contract';
import { notFound } from '../../core/errors.js';
import { can, type SessionUser } from '../../core/guardian.js';
import { presentId, toLongId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { AnswerTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { questionInfo } from '../question/info.js';
import type { SharedReply } from '../../core/shared-reply.js';
import { cachedPage, cachedReaderPage, visitorsPageOrNone } from '../question/list-cache.js';
import { findQuestion } from '../question/queries.js';
import { questionIdOrThrow } from '../question/service.js';
import { canSeeAnswer, canSeeQuestion } from '../visibility/rules.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics, type UserBasicInfo } from '../user/basic.js';
import { answerMemberActions } from './member-actions.js';
import { answerMarks } from './viewer-marks.js';
import { A, answerIdOrThrow, findAnswer } from './service.js';
import { ACT } from '../activity/types.js';
import { sourcesOf } from '../import/post-source.js';

type AnswerRow = Selectable<AnswerTable>;
type AnswerPageQuery = z.infer<typeof answerPageQuery>;

function present(
  a: AnswerRow,
  ctx: { permalink: number; users: Map<string, UserBasicInfo>; votes: Map<string, string>; collected: Set<string>; sources: Map<string, PostSource>; user: SessionUser | null; thresholds: Thresholds; lang: string },
) {
  const source = ctx.sources.get(String(a.id));
  return {
    id: presentId(String(a.id), ctx.permalink),
    question_id: presentId(String(a.question_id), ctx.permalink),
    content: a.original_text,
    html: a.parsed_text,
    create_time: Number(a.created_at),
    update_time: String(a.last_edit_user_id) === '0' ? 0 : Number(a.updated_at),
    accepted: Number(a.adopted),
    user_info: ctx.users.get(String(a.user_id)) ?? null,
    update_user_info: ctx.users.get(String(a.last_edit_user_id)) ?? null,
    collected: ctx.collected.has(String(a.id)),
    vote_status: ctx.votes.get(String(a.id)) ?? '',
    vote_count: Number(a.vote_count),
    status: Number(a.status),
    member_actions: answerMemberActions(ctx.user, a, ctx.thresholds, ctx.lang),
    ...(source ? { source } : {}),
  };
}

/** Loads everything a set of answers needs to be shown, in a fixed number of queries. */
async function presentAll(runtime: Runtime, rows: AnswerRow[], user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const ids = rows.map((r) => String(r.id));
  const [settings, thresholds, users, marks, collections, sources] = await Promise.all([
    loadSiteSettings(runtime),
    loadThresholds(runtime),
    loadUserBasics(runtime, rows.flatMap((r) => [String(r.user_id), String(r.last_edit_user_id)])),
    user && ids.length
      ? db.selectFrom('activity').select(['object_id', 'activity_type']).where('user_id', '=', user.id).where('object_id', 'in', ids).where('cancelled', '=', 0).where('activity_type', 'in', [ACT.answerVoteUp, ACT.answerVoteDown]).execute()
      : Promise.resolve([]),
    user && ids.length
      ? db.selectFrom('collection').select('object_id').where('user_id', '=', user.id).where('object_id', 'in', ids).execute()
      : Promise.resolve([]),
    sourcesOf(db, ids),
  ]);
  const votes = new Map(marks.map((m) => [String(m.object_id), Number(m.activity_type) === ACT.answerVoteUp ? 'vote_up' : 'vote_down']));
  const collected = new Set(collections.map((c) => String(c.object_id)));
  return rows.map((a) => present(a, { permalink: settings.seo.permalink, users, votes, collected, sources, user, thresholds, lang }));
}

/**
 * GET /answer/page (domain.md 5.5) as a reply: the visitors' shared page, or the signed-in reader's
 * own, kept a few seconds like it (list-cache.ts cachedReaderPage). Visitors see available answers;
 * signed-in users also their own pending ones; moderators everything. "updated" really sorts by
 * creation, newest first, as clients expect.
 */
export async function answerPageReply(runtime: Runtime, query: AnswerPageQuery, user: SessionUser | null, lang: string): Promise<SharedReply<AnswerPage>> {
  if (!user) return anonymousAnswerPage(runtime, query, lang);
  const questionId = questionIdOrThrow(query.question_id);
  const [key, thresholds] = await Promise.all([pageKey(runtime, questionId, query, lang), loadThresholds(runtime)]);
  return cachedReaderPage(runtime, user, thresholds, key, async () => {
    const shared = await visitorsPageOrNone(anonymousAnswerPage(runtime, query, lang));
    const overlaid = shared && (await withViewer(runtime, shared.data, questionId, user, lang));
    return overlaid ?? loadAnswerPage(runtime, questionId, query, user, lang);
  });
}

export async function answerPage(runtime: Runtime, query: AnswerPageQuery, user: SessionUser | null, lang: string): Promise<AnswerPage> {
  return (await answerPageReply(runtime, query, user, lang)).data;
}

type AnswerPage = Awaited<ReturnType<typeof loadAnswerPage>>;

/**
 * A signed-in reader's answer page: the visitors' cached one with the reader's votes, bookmarks
 * and actions laid over it, the same JSON as loadAnswerPage builds for them (test/viewer-overlay.test.ts).
 * Undefined when the reader sees other answers than visitors do (their own pending answer, or
 * deleted and pending ones for moderators): their page is then built in full.
 */
export async function withViewer(runtime: Runtime, shared: AnswerPage, questionId: string, user: SessionUser, lang: string): Promise<AnswerPage | undefined> {
  const thresholds = await loadThresholds(runtime);
  const ids = shared.list.map((a) => toLongId(a.id) ?? '');
  const marks = await answerMarks(runtime.database, questionId, ids, user.id, can(user, 'answer.delete', thresholds));
  if (marks.seesOthers) return undefined;
  return {
    ...shared,
    list: shared.list.map((a, i) => ({
      ...a,
      collected: marks.collected.has(ids[i]!),
      vote_status: marks.votes.get(ids[i]!) ?? '',
      member_actions: answerMemberActions(user, { user_id: a.user_info?.id ?? '', status: a.status }, thresholds, lang),
    })),
  };
}

/** Visitors share one answer list per page, cached like question/info (see anonymousQuestionInfo). */
export async function anonymousAnswerPage(runtime: Runtime, query: AnswerPageQuery, lang: string) {
  const questionId = questionIdOrThrow(query.question_id);
  return cachedPage(runtime, await pageKey(runtime, questionId, query, lang), () => loadAnswerPage(runtime, questionId, query, null, lang));
}

/** What a cached answer page depends on besides its generation (and, for a reader's own, the reader). */
async function pageKey(runtime: Runtime, questionId: string, query: AnswerPageQuery, lang: string) {
  const { seo } = await loadSiteSettings(runtime);
  return ['answer-page', questionId, query.order, query.page, query.page_size, lang, seo.permalink];
}

/** The answer page of one viewer built from the tables. */
export async function loadAnswerPage(runtime: Runtime, questionId: string, query: AnswerPageQuery, user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const question = await db.selectFrom('question').select(['status', 'user_id']).where('id', '=', questionId).executeTakeFirst();
  const thresholds = await loadThresholds(runtime);
  if (!question || !canSeeQuestion(user, question, thresholds)) throw notFound('error.question.not_found');
  // Defaults and limits are the contract's pageNumber/pageSize.
  const { page, page_size: pageSize } = query;
  const seeAll = can(user, 'answer.delete', thresholds);
  const base = () => {
    let q = db.selectFrom('answer').where('question_id', '=', questionId);
    if (!seeAll) {
      q = q.where((eb) =>
        user ? eb.or([eb('status', '=', A.available), eb.and([eb('status', '=', A.pending), eb('user_id', '=', user.id)])]) : eb('status', '=', A.available),
      );
    }
    return q;
  };
  let list = base().selectAll();
  switch (query.order) {
    case 'vote':
      list = list.orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
      break;
    case 'updated':
      list = list.orderBy('created_at', 'desc');
      break;
    case 'created':
      list = list.orderBy('created_at', 'asc');
      break;
    default:
      list = list.orderBy('adopted', 'desc').orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
  }
  const [rows, count] = await Promise.all([
    list.orderBy('id', 'asc').limit(pageSize).offset((page - 1) * pageSize).execute(),
    base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(count.n as number, await presentAll(runtime, rows, user, lang));
}

/** GET /answer/info: one answer with its question (the edit page). */
export async function answerInfo(runtime: Runtime, rawId: string, user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const answer = await findAnswer(db, answerIdOrThrow(rawId));
  const question = answer && (await findQuestion(db, String(answer.question_id)));
  if (!answer || !question || !canSeeAnswer(user, answer, question, await loadThresholds(runtime))) throw notFound('error.answer.not_found');
  const [info] = await presentAll(runtime, [answer], user, lang);
  return { info, question: await questionInfo(runtime, String(answer.question_id), user, lang) };
}
