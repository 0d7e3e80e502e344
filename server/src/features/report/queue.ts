import type { FlagEntry, FlaggedPost, FlagReason } from '@answer/contract';
import type { Selectable } from 'kysely';
import { isStaff, type SessionUser } from '../../core/guardian.js';
import { presentId } from '../../core/ids.js';
import { urlTitle } from '../../core/slug.js';
import type { Db } from '../../db/connect.js';
import type { ReportTable } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { A } from '../answer/service.js';
import { C } from '../comment/service.js';
import { Q } from '../question/service.js';
import { presentReason, reasonById } from '../reason/service.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { presentTagBrief } from '../tag/presenter.js';
import { tagsOfQuestions } from '../tag/queries.js';
import { loadUserBasics, type UserBasicInfo } from '../user/basic.js';
import { FLAG, FLAG_KIND } from './flag.js';

/**
 * Open flags whose object still exists for readers. A flag on a post deleted since (directly, not
 * through the queue) waits until the post is undeleted, instead of offering reviewers a post that
 * is already gone.
 */
function openFlags(db: Db) {
  return db
    .selectFrom('report')
    .where('report.status', '=', FLAG.pending)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('question').select('question.id').whereRef('question.id', '=', 'report.object_id').where('question.status', '=', Q.deleted)),
          eb.exists(
            eb
              .selectFrom('answer')
              .innerJoin('question', 'question.id', 'answer.question_id')
              .select('answer.id')
              .whereRef('answer.id', '=', 'report.object_id')
              .where((w) => w.or([w('answer.status', '=', A.deleted), w('question.status', '=', Q.deleted)])),
          ),
          eb.exists(eb.selectFrom('comment').select('comment.id').whereRef('comment.id', '=', 'report.object_id').where('comment.status', '!=', C.available)),
        ]),
      ),
    );
}

/** How many posts wait in the flag queue: a post flagged by several people counts once. */
export async function countFlaggedPosts(db: Db): Promise<number> {
  const row = await openFlags(db)
    .select((eb) => eb.fn.count('report.object_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * `GET /report/unreviewed/post` (domain.md 5.10): one flagged post per page, the longest waiting
 * first, with every open flag on it. Non-staff get an empty page, as upstream.
 */
export async function flaggedPostPage(runtime: Runtime, user: SessionUser, page: number, lang: string): Promise<{ count: number; list: FlaggedPost[] }> {
  if (!isStaff(user)) return { count: 0, list: [] };
  const db = runtime.database;
  const count = await countFlaggedPosts(db);
  if (!count) return { count: 0, list: [] };
  const row = await openFlags(db)
    .select((eb) => ['report.object_id', eb.fn.min('report.created_at').as('first_at'), eb.fn.min('report.id').as('first_id')])
    .groupBy('report.object_id')
    .orderBy('first_at', 'asc')
    .orderBy('first_id', 'asc')
    .limit(1)
    .offset(page - 1)
    .executeTakeFirst();
  if (!row) return { count, list: [] };
  const flags = await db
    .selectFrom('report')
    .selectAll()
    .where('object_id', '=', String(row.object_id))
    .where('status', '=', FLAG.pending)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  if (!flags.length) return { count, list: [] };
  const post = await presentFlaggedPost(runtime, flags, lang);
  return { count, list: post ? [post] : [] };
}

const brief = (u: UserBasicInfo | undefined) =>
  u ? { id: u.id, username: u.username, display_name: u.display_name, avatar: u.avatar, rank: u.rank, status: u.status, location: u.location } : null;

async function presentFlaggedPost(runtime: Runtime, flags: Selectable<ReportTable>[], lang: string): Promise<FlaggedPost | null> {
  const db = runtime.database;
  const settings = await loadSiteSettings(runtime);
  const pid = (raw: string) => (raw && raw !== '0' ? presentId(raw, settings.seo.permalink) : '');
  const first = flags[0]!;
  const objectId = String(first.object_id);
  const kind = FLAG_KIND[Number(first.object_type)];
  if (!kind) return null;

  const post = await loadPost(db, kind, objectId);
  if (!post) return null;
  const tags = kind === 'question' ? (await tagsOfQuestions(db, [post.questionId])).map((tag) => presentTagBrief(tag, settings.write.required_tag)) : [];

  const reasons = new Map<number, FlagReason | null>();
  for (const type of new Set(flags.map((f) => Number(f.report_type)))) {
    const reason = await reasonById(db, type);
    reasons.set(type, reason ? presentReason(reason, lang) : null);
  }
  const users = await loadUserBasics(runtime, [post.authorId, ...flags.map((f) => String(f.user_id))]);
  const entries: FlagEntry[] = flags.map((f) => ({
    flag_id: String(f.id),
    created_at: Number(f.created_at),
    reason: reasons.get(Number(f.report_type)) ?? null,
    reason_content: f.content,
    submitter_user: brief(users.get(String(f.user_id))),
  }));
  return {
    flag_id: String(first.id),
    // As upstream's report service: the post's time here, the flag's in submit_at.
    created_at: post.createdAt,
    object_id: pid(objectId),
    object_type: kind,
    question_id: pid(post.questionId),
    answer_id: pid(post.answerId),
    comment_id: pid(post.commentId),
    title: post.title,
    url_title: urlTitle(post.title),
    original_text: post.original,
    parsed_text: post.parsed,
    answer_count: post.answerCount,
    answer_accepted: post.accepted,
    tags,
    submit_at: Number(first.created_at),
    object_status: post.status,
    object_show_status: post.show,
    reason: entries[0]!.reason,
    reason_content: entries[0]!.reason_content,
    author_user_info: brief(users.get(post.authorId)),
    // The flagger (upstream names the flagged post's author here, domain.md 5.10 quirk).
    submitter_user: entries[0]!.submitter_user,
    flags: entries,
  };
}

interface PostView {
  questionId: string;
  answerId: string;
  commentId: string;
  title: string;
  original: string;
  parsed: string;
  answerCount: number;
  accepted: boolean;
  createdAt: number;
  status: number;
  show: number;
  authorId: string;
}

async function loadPost(db: Db, kind: 'question' | 'answer' | 'comment', id: string): Promise<PostView | null> {
  const question = (qid: string) => db.selectFrom('question').selectAll().where('id', '=', qid).executeTakeFirst();
  if (kind === 'question') {
    const q = await question(id);
    if (!q) return null;
    return {
      questionId: id,
      answerId: '',
      commentId: '',
      title: q.title,
      original: q.original_text,
      parsed: q.parsed_text,
      answerCount: Number(q.answer_count),
      accepted: String(q.accepted_answer_id) !== '0',
      createdAt: Number(q.created_at),
      status: Number(q.status),
      show: Number(q.show),
      authorId: String(q.user_id),
    };
  }
  if (kind === 'answer') {
    const a = await db.selectFrom('answer').selectAll().where('id', '=', id).executeTakeFirst();
    const q = a ? await question(String(a.question_id)) : undefined;
    if (!a || !q) return null;
    return {
      questionId: String(q.id),
      answerId: id,
      commentId: '',
      title: q.title,
      original: a.original_text,
      parsed: a.parsed_text,
      answerCount: Number(q.answer_count),
      accepted: Number(a.adopted) === 2,
      createdAt: Number(a.created_at),
      status: Number(a.status),
      show: 1,
      authorId: String(a.user_id),
    };
  }
  const c = await db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
  const q = c ? await question(String(c.question_id)) : undefined;
  if (!c || !q) return null;
  const onAnswer = String(c.object_id) !== String(q.id);
  return {
    questionId: String(q.id),
    answerId: onAnswer ? String(c.object_id) : '',
    commentId: id,
    title: q.title,
    original: c.original_text,
    parsed: c.parsed_text,
    answerCount: Number(q.answer_count),
    accepted: false,
    createdAt: Number(c.created_at),
    status: Number(c.status),
    show: 1,
    authorId: String(c.user_id),
  };
}
