import type { PendingPost } from '@answer/contract';
import type { Selectable } from 'kysely';
import { forbidden } from '../../core/errors.js';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, presentId, toLongId } from '../../core/ids.js';
import { t } from '../../core/i18n.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import type { ReviewTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics } from '../user/basic.js';
import { POST_STATUS, REVIEW } from './gate.js';

/** Queued posts are staff work (domain.md 5.11). */
export function ensureReviewer(user: SessionUser | null): asserts user is SessionUser {
  if (!isStaff(user)) throw forbidden();
}

/**
 * Open reviews whose post still waits: a post its author deleted meanwhile, or one an admin
 * published or deleted directly, drops out of the queue and its count.
 */
function openReviews(db: Db, objectId?: string) {
  let q = db
    .selectFrom('review')
    .where('review.status', '=', REVIEW.pending)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('question').select('question.id').whereRef('question.id', '=', 'review.object_id').where('question.status', '=', POST_STATUS.pending)),
        eb.exists(eb.selectFrom('answer').select('answer.id').whereRef('answer.id', '=', 'review.object_id').where('answer.status', '=', POST_STATUS.pending)),
      ]),
    );
  if (objectId !== undefined) q = q.where('review.object_id', '=', objectId);
  return q;
}

/** How many queued posts wait (the `queued_post` count of `GET /reviewing/type`). */
export async function countQueuedPosts(db: Db): Promise<number> {
  const row = await openReviews(db).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `GET /review/pending/post/page`: one queued post per page, oldest first. */
export async function pendingPostPage(runtime: Runtime, user: SessionUser, query: { page: number; object_id: string }, lang: string) {
  ensureReviewer(user);
  const db = runtime.database;
  let objectId: string | undefined;
  if (query.object_id) {
    objectId = toLongId(query.object_id) ?? undefined;
    if (!objectId) return { count: 0, list: [] as PendingPost[] };
  }
  const count = Number((await openReviews(db, objectId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (!count) return { count: 0, list: [] as PendingPost[] };
  const review = await openReviews(db, objectId).selectAll('review').orderBy('review.id', 'asc').limit(1).offset(query.page - 1).executeTakeFirst();
  return { count, list: review ? [await presentPendingPost(runtime, review, lang)] : [] };
}

/** The reason as the rules store it (a translation key and values); a plugin's plain text is shown as it is. */
export function reasonText(lang: string, raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { key?: unknown; vars?: Record<string, string | number> };
    if (parsed && typeof parsed.key === 'string') return t(lang, parsed.key, parsed.vars);
  } catch {
    // Not ours: shown as written.
  }
  return raw;
}

/** A built-in rule's translated name; a plugin's slug as it is. */
function submitterName(lang: string, submitter: string): string {
  const key = `review.submitter.${submitter}`;
  const name = t(lang, key);
  return name === key ? submitter : name;
}

async function presentPendingPost(runtime: Runtime, review: Selectable<ReviewTable>, lang: string): Promise<PendingPost> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  const id = (raw: string) => presentId(raw, settings.seo.permalink);
  const objectId = String(review.object_id);
  const isAnswer = Number(review.object_type) === OBJECT_TYPE.answer;
  const answer = isAnswer ? await db.selectFrom('answer').selectAll().where('id', '=', objectId).executeTakeFirst() : undefined;
  const questionId = isAnswer ? String(answer?.question_id ?? '0') : objectId;
  const question = await db.selectFrom('question').selectAll().where('id', '=', questionId).executeTakeFirst();
  const tags = await tagsOfQuestions(db, [questionId]);
  const users = await loadUserBasics(runtime, [String(review.user_id)]);
  const author = users.get(String(review.user_id));
  const post = isAnswer ? answer : question;
  return {
    review_id: Number(review.id),
    object_id: id(objectId),
    object_type: isAnswer ? 'answer' : 'question',
    question_id: id(questionId),
    answer_id: isAnswer ? id(objectId) : '',
    comment_id: '',
    title: question?.title ?? '',
    url_title: urlTitle(question?.title ?? ''),
    original_text: post?.original_text ?? '',
    parsed_text: post?.parsed_text ?? '',
    tags: tags.map((tag) => presentTagBrief(tag, settings.write.required_tag)),
    object_status: Number(post?.status ?? POST_STATUS.deleted),
    object_show_status: Number(question?.show ?? 1),
    created_at: Number(post?.created_at ?? review.created_at),
    submit_at: Number(review.created_at),
    submitter_display_name: submitterName(lang, review.submitter),
    reason: reasonText(lang, review.reason),
    author_user_info: author
      ? { id: author.id, username: author.username, display_name: author.display_name, avatar: author.avatar, rank: author.rank, status: author.status, location: author.location }
      : null,
  };
}
