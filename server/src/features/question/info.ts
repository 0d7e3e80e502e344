import { notFound } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { presentId } from '../../core/ids.js';
import { excerpt } from '../../core/markdown.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { presentOptionalId } from './presenter.js';
import type { SharedReply } from '../../core/shared-reply.js';
import { cachedPage, cachedReaderPage, visitorsPageOrNone } from './list-cache.js';
import { questionMarks } from './viewer-marks.js';
import { findQuestion } from './queries.js';
import { canSeeQuestion } from '../visibility/rules.js';
import { questionIdOrThrow } from './service.js';
import { questionBanner } from './banner.js';
import { questionMemberActions } from './member-actions.js';
import { inviteActions } from './invite.js';
import { ACT } from '../activity/types.js';
import { sourcesOf } from '../import/post-source.js';

/**
 * GET /question/info as a reply: the visitors' shared one, or the signed-in reader's own, kept a few
 * seconds like it (list-cache.ts cachedReaderPage).
 */
export async function questionInfoReply(runtime: Runtime, rawId: string, user: SessionUser | null, lang: string): Promise<SharedReply<QuestionInfo>> {
  if (!user) return anonymousQuestionInfo(runtime, rawId, lang);
  const id = questionIdOrThrow(rawId);
  const [key, thresholds] = await Promise.all([pageKey(runtime, id, lang), loadThresholds(runtime)]);
  return cachedReaderPage(runtime, user, thresholds, key, async () => {
    const shared = await visitorsPageOrNone(anonymousQuestionInfo(runtime, rawId, lang));
    return shared ? withViewer(runtime, shared.data, id, user, lang) : loadQuestionInfo(runtime, id, user, lang);
  });
}

/** GET /question/info: the question as the viewer may see it, with what the viewer may do. */
export async function questionInfo(runtime: Runtime, rawId: string, user: SessionUser | null, lang: string): Promise<QuestionInfo> {
  return (await questionInfoReply(runtime, rawId, user, lang)).data;
}

type QuestionInfo = Awaited<ReturnType<typeof loadQuestionInfo>>;

/**
 * A signed-in reader's question/info: the visitors' cached one with the reader's own part laid
 * over it (their marks and the live view, follow and bookmark counts, read fresh in one statement, and
 * the actions their role, reputation and ownership allow): the same JSON as loadQuestionInfo builds
 * for them (test/viewer-overlay.test.ts). Kept for the reader by questionInfoReply.
 */
export async function withViewer(runtime: Runtime, shared: QuestionInfo, id: string, user: SessionUser, lang: string): Promise<QuestionInfo> {
  const [marks, thresholds, settings] = await Promise.all([questionMarks(runtime.database, id, user.id), loadThresholds(runtime), loadSiteSettings(runtime)]);
  // Deleted since it was cached (its deletion renews the cache, on another instance a moment later).
  if (!marks) return loadQuestionInfo(runtime, id, user, lang);
  const owner = { user_id: shared.user_info?.id ?? '', status: shared.status, pin: shared.pin, show: shared.show };
  return {
    ...shared,
    ...marks.counts,
    answered: marks.firstAnswerId !== null,
    first_answer_id: marks.firstAnswerId ? presentId(marks.firstAnswerId, settings.seo.permalink) : '0',
    collected: marks.collected,
    vote_status: marks.voteStatus,
    is_followed: marks.followed,
    member_actions: questionMemberActions(user, owner, thresholds, lang),
    extends_actions: inviteActions(user, thresholds, shared.status, lang),
  };
}

/**
 * Every visitor sees the same question, so it is cached like the question lists: under their
 * generation, which every write to a question, its answers, votes, follows or bookmarks renews
 * (list-cache.ts), with its reply bodies. The view counter may lag by the page's few seconds.
 */
export async function anonymousQuestionInfo(runtime: Runtime, rawId: string, lang: string) {
  const id = questionIdOrThrow(rawId);
  return cachedPage(runtime, await pageKey(runtime, id, lang), () => loadQuestionInfo(runtime, id, null, lang));
}

/** What a cached question/info depends on besides its generation (and, for a reader's own, the reader). */
async function pageKey(runtime: Runtime, id: string, lang: string) {
  const { seo, write } = await loadSiteSettings(runtime);
  return ['question-info', id, lang, seo.permalink, write.required_tag];
}

/** The question/info of one viewer built from the tables (visitors' cached pages, pages only some viewers see). */
export async function loadQuestionInfo(runtime: Runtime, id: string, user: SessionUser | null, lang: string) {
  const db = runtime.database;
  const q = await findQuestion(db, id);
  const thresholds = await loadThresholds(runtime);
  if (!q || !canSeeQuestion(user, q, thresholds)) throw notFound('error.question.not_found');
  const settings = await loadSiteSettings(runtime);
  const permalink = settings.seo.permalink;

  const [tags, lastAnswer, mine, marks] = await Promise.all([
    tagsOfQuestions(db, [id]),
    String(q.last_answer_id) !== '0'
      ? db.selectFrom('answer').select(['user_id']).where('id', '=', String(q.last_answer_id)).executeTakeFirst()
      : Promise.resolve(undefined),
    user
      ? db.selectFrom('answer').select('id').where('question_id', '=', id).where('user_id', '=', user.id).where('status', '=', 1).orderBy('created_at').orderBy('id').executeTakeFirst()
      : Promise.resolve(undefined),
    user
      ? db
          .selectFrom('activity')
          .select('activity_type')
          .where('object_id', '=', id)
          .where('user_id', '=', user.id)
          .where('cancelled', '=', 0)
          .where('activity_type', 'in', [ACT.questionVoteUp, ACT.questionVoteDown, ACT.questionFollow])
          .execute()
      : Promise.resolve([]),
  ]);
  const collected = user
    ? !!(await db.selectFrom('collection').select('id').where('user_id', '=', user.id).where('object_id', '=', id).executeTakeFirst())
    : false;
  const source = (await sourcesOf(db, [id])).get(id);
  const users = await loadUserBasics(runtime, [String(q.user_id), String(q.last_edit_user_id), ...(lastAnswer ? [String(lastAnswer.user_id)] : [])]);
  const types = new Set(marks.map((m) => Number(m.activity_type)));
  const status = Number(q.status);

  return {
    id: presentId(id, permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    content: q.original_text,
    html: q.parsed_text,
    description: excerpt(q.parsed_text),
    tags: tags.map((t) => presentTagBrief(t, settings.write.required_tag)),
    view_count: Number(q.view_count),
    unique_view_count: Number(q.unique_view_count),
    vote_count: Number(q.vote_count),
    answer_count: Number(q.answer_count),
    collection_count: Number(q.collection_count),
    follow_count: Number(q.follow_count),
    accepted_answer_id: presentOptionalId(q.accepted_answer_id, permalink),
    last_answer_id: presentOptionalId(q.last_answer_id, permalink),
    create_time: Number(q.created_at),
    update_time: Number(q.post_update_time),
    edit_time: String(q.last_edit_user_id) === '0' ? 0 : Number(q.updated_at),
    pin: Number(q.pin),
    show: Number(q.show),
    status,
    operation: await questionBanner(db, q, lang),
    user_info: users.get(String(q.user_id)) ?? null,
    update_user_info: users.get(String(q.last_edit_user_id)) ?? null,
    last_answered_user_info: lastAnswer ? (users.get(String(lastAnswer.user_id)) ?? null) : null,
    answered: !!mine,
    first_answer_id: mine ? presentId(String(mine.id), permalink) : '0',
    collected,
    vote_status: types.has(ACT.questionVoteUp) ? 'vote_up' : types.has(ACT.questionVoteDown) ? 'vote_down' : '',
    is_followed: types.has(ACT.questionFollow),
    member_actions: questionMemberActions(user, q, thresholds, lang),
    extends_actions: inviteActions(user, thresholds, status, lang),
    ...(source ? { source } : {}),
  };
}
