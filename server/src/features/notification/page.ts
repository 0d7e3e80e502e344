import type { InboxTypeName, NotificationItem, NotificationTypeName, Page } from '@answer/contract';
import type { SessionUser } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { presentId } from '../../core/ids.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds, type Thresholds } from '../../core/privileges.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics } from '../user/basic.js';
import { canSeeAnswer, canSeeQuestion, canSeeTag } from '../visibility/rules.js';
import { MSG, NOTICE, NOTICE_STATUS, READ_STATE, type StoredContent } from './store.js';

const AVAILABLE_COMMENT = 1;

export interface PageRequest {
  type: NotificationTypeName;
  inbox_type: InboxTypeName;
  page: number;
  page_size: number;
}

/**
 * `GET /notification/page` (domain.md 8.4): the caller's stream, newest change first. Reading does
 * not mark anything read. Users, titles and badge names are loaded per page in one query each, so
 * they show current values; a post the reader may no longer see (visibility/rules.ts) keeps its
 * links but not its title.
 */
export async function notificationPage(runtime: Runtime, user: SessionUser, req: PageRequest, lang: string): Promise<Page<NotificationItem>> {
  const db = runtime.database;
  let listed = db.selectFrom('notification').where('user_id', '=', user.id).where('type', '=', NOTICE[req.type]).where('status', '=', NOTICE_STATUS.normal);
  if (req.type === 'inbox' && req.inbox_type !== 'all') listed = listed.where('msg_type', '=', MSG[req.inbox_type]);
  const [total, rows] = await Promise.all([
    listed.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    listed
      .select(['id', 'content', 'is_read', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(req.page_size)
      .offset((req.page - 1) * req.page_size)
      .execute(),
  ]);
  const items = rows.map((r) => ({ row: r, c: JSON.parse(r.content) as StoredContent }));
  const ids = (pick: (c: StoredContent) => string) => [...new Set(items.map(({ c }) => pick(c)).filter((id) => id && id !== '0'))];
  const questionIds = ids((c) => c.question_id);
  const answerIds = ids((c) => c.answer_id);
  const commentIds = ids((c) => c.comment_id);
  const tagIds = ids((c) => (c.object_type === 'tag' ? c.object_id : ''));
  const badgeIds = ids((c) => c.badge_id);
  const [questions, answers, comments, tags, badges, users, settings, thresholds] = await Promise.all([
    questionIds.length ? db.selectFrom('question').select(['id', 'title', 'status', 'user_id']).where('id', 'in', questionIds).execute() : [],
    answerIds.length ? db.selectFrom('answer').select(['id', 'status', 'user_id']).where('id', 'in', answerIds).execute() : [],
    commentIds.length ? db.selectFrom('comment').select(['id', 'status']).where('id', 'in', commentIds).execute() : [],
    tagIds.length ? db.selectFrom('tag').select(['id', 'display_name', 'status']).where('id', 'in', tagIds).execute() : [],
    badgeIds.length ? db.selectFrom('badge').select(['id', 'name']).where('id', 'in', badgeIds).execute() : [],
    loadUserBasics(runtime, ids((c) => c.trigger_user_id)),
    loadSiteSettings(runtime),
    loadThresholds(runtime),
  ]);
  const byId = <T extends { id: unknown }>(list: T[]) => new Map(list.map((x) => [String(x.id), x]));
  const ctx: Context = {
    user,
    thresholds,
    lang,
    permalink: settings.seo.permalink,
    questions: byId(questions),
    answers: byId(answers),
    comments: byId(comments),
    tags: byId(tags),
    badges: byId(badges),
  };
  return pageOf(
    total.n,
    items.map(({ row, c }): NotificationItem => {
      const trigger = c.trigger_user_id !== '0' ? users.get(c.trigger_user_id) : undefined;
      const badgeName = c.object_type === 'badge_award' ? t(lang, ctx.badges.get(c.badge_id)?.name ?? '') : '';
      return {
        id: String(row.id),
        user_info: trigger
          ? { id: trigger.id, username: trigger.username, display_name: trigger.display_name, avatar: trigger.avatar, rank: trigger.rank, status: trigger.status }
          : null,
        object_info: objectInfo(c, ctx, badgeName),
        rank: Number(c.rank ?? 0),
        notification_action: c.action ? t(lang, `notification.action.${c.action}`, { BadgeName: badgeName }) : '',
        is_read: Number(row.is_read) === READ_STATE.read,
        update_time: Number(row.updated_at),
      };
    }),
  );
}

interface Context {
  user: SessionUser;
  thresholds: Thresholds;
  lang: string;
  permalink: number;
  questions: Map<string, { id: unknown; title: string; status: number; user_id: string | number }>;
  answers: Map<string, { id: unknown; status: number; user_id: string | number }>;
  comments: Map<string, { id: unknown; status: number }>;
  tags: Map<string, { id: unknown; display_name: string; status: number }>;
  badges: Map<string, { id: unknown; name: string }>;
}

/** Where the item links to (the exact answer or comment) and the title the reader may see. */
function objectInfo(c: StoredContent, ctx: Context, badgeName: string): NotificationItem['object_info'] {
  const show = (id: string) => (id ? presentId(id, ctx.permalink) : '');
  if (c.object_type === 'badge_award') {
    return {
      title: t(ctx.lang, 'notification.action.earned_badge', { BadgeName: badgeName }),
      object_id: c.object_id,
      object_type: 'badge_award',
      object_map: { badge_id: show(c.badge_id) },
    };
  }
  if (c.object_type === 'tag') {
    const tag = ctx.tags.get(c.object_id);
    return { title: tag && canSeeTag(ctx.user, tag, ctx.thresholds) ? tag.display_name : '', object_id: c.object_id, object_type: 'tag', object_map: {} };
  }
  const q = ctx.questions.get(c.question_id);
  const a = c.answer_id ? ctx.answers.get(c.answer_id) : undefined;
  const questionShown = !!q && canSeeQuestion(ctx.user, q, ctx.thresholds);
  const answerShown = !c.answer_id || (!!a && !!q && canSeeAnswer(ctx.user, a, q, ctx.thresholds));
  const commentShown = !c.comment_id || Number(ctx.comments.get(c.comment_id)?.status) === AVAILABLE_COMMENT;
  const shown = questionShown && answerShown && commentShown;
  return {
    title: !q ? '' : shown ? q.title : t(ctx.lang, 'personal.deleted_question'),
    object_id: c.object_type === 'comment' ? c.object_id : show(c.object_id),
    object_type: c.object_type,
    object_map: { question: show(c.question_id), answer: show(c.answer_id), comment: c.comment_id },
  };
}
