import type { z } from 'zod';
import type {
  BadgeAwardItem,
  BadgeGroupItem,
  BadgeInfo,
  BadgeLevel,
  BadgeListItem,
  UserBadgeItem,
  badgeAwardsQuery,
} from '@answer/contract';
import { badRequest } from '../../core/errors.js';
import type { SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, presentId, toLongId } from '../../core/ids.js';
import { t } from '../../core/i18n.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds } from '../../core/privileges.js';
import { urlTitle } from '../../core/slug.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics } from '../user/basic.js';
import { canSeeAnswer, canSeeQuestion } from '../visibility/rules.js';
import { BADGE_SINGLE, BADGE_STATUS } from './award.js';

/** Recent badges on a profile (upstream shows 10). */
const RECENT_BADGES = 10;

export const badgeNotFound = () => badRequest('error.badge.object_not_found');

/** Names and descriptions are i18n keys; descriptions are templates ({{.ProfileURL}}). */
export async function badgeTexts(runtime: Runtime, lang: string) {
  const settings = await loadSiteSettings(runtime);
  const profileUrl = `${settings.general.site_url.replace(/\/+$/, '')}/users/settings/profile`;
  return {
    permalink: settings.seo.permalink,
    name: (key: string) => t(lang, key),
    description: (key: string) => t(lang, key, { ProfileURL: profileUrl }),
  };
}

/** How many active awards of each badge a user holds (one query). */
async function earnedCounts(runtime: Runtime, userId: string | null, badgeIds?: string[]): Promise<Map<string, number>> {
  if (!userId || (badgeIds && !badgeIds.length)) return new Map();
  let q = runtime.database
    .selectFrom('badge_award')
    .select(['badge_id', (eb) => eb.fn.countAll().as('n')])
    .where('user_id', '=', userId)
    .where('is_badge_deleted', '=', 0);
  if (badgeIds) q = q.where('badge_id', 'in', badgeIds);
  const rows = await q.groupBy('badge_id').execute();
  return new Map(rows.map((r) => [String(r.badge_id), Number(r.n)]));
}

/** An active badge by long or short id, or 400 error.badge.object_not_found. */
async function activeBadge(runtime: Runtime, rawId: string) {
  const id = toLongId(rawId);
  if (!id || objectTypeOf(id) !== OBJECT_TYPE.badge) throw badgeNotFound();
  const badge = await runtime.database.selectFrom('badge').selectAll().where('id', '=', id).executeTakeFirst();
  if (!badge || Number(badge.status) !== BADGE_STATUS.active) throw badgeNotFound();
  return badge;
}

async function userIdByName(runtime: Runtime, username: string): Promise<string> {
  const row = await runtime.database.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst();
  if (!row) throw badRequest('error.user.not_found');
  return String(row.id);
}

/** GET /badges: active badges by group, with how often the caller earned each. */
export async function badgeGroups(runtime: Runtime, user: SessionUser | null, lang: string): Promise<BadgeGroupItem[]> {
  const db = runtime.database;
  const [groups, badges, earned, texts] = await Promise.all([
    db.selectFrom('badge_group').select(['id', 'name']).orderBy('id').execute(),
    db.selectFrom('badge').selectAll().where('status', '=', BADGE_STATUS.active).orderBy('badge_group_id').orderBy('id').execute(),
    earnedCounts(runtime, user?.id ?? null),
    badgeTexts(runtime, lang),
  ]);
  return groups.map((g) => ({
    group_name: texts.name(g.name),
    badges: badges
      .filter((b) => String(b.badge_group_id) === String(g.id))
      .map(
        (b): BadgeListItem => ({
          id: presentId(String(b.id), texts.permalink),
          name: texts.name(b.name),
          icon: b.icon,
          award_count: Number(b.award_count),
          earned_count: earned.get(String(b.id)) ?? 0,
          level: Number(b.level) as BadgeLevel,
        }),
      ),
  }));
}

/** GET /badge?id=: one active badge. */
export async function badgeInfo(runtime: Runtime, user: SessionUser | null, rawId: string, lang: string): Promise<BadgeInfo> {
  const badge = await activeBadge(runtime, rawId);
  const [earned, texts] = await Promise.all([earnedCounts(runtime, user?.id ?? null, [String(badge.id)]), badgeTexts(runtime, lang)]);
  return {
    id: presentId(String(badge.id), texts.permalink),
    name: texts.name(badge.name),
    description: texts.description(badge.description),
    icon: badge.icon,
    award_count: Number(badge.award_count),
    earned_count: earned.get(String(badge.id)) ?? 0,
    is_single: Number(badge.single) === BADGE_SINGLE,
    level: Number(badge.level) as BadgeLevel,
  };
}

/**
 * GET /badge/awards/page: the newest awards of a badge, optionally of one user. Each names the
 * post it was earned on only while the caller may see that post (visibility/rules.ts): an award
 * on a deleted or pending question stays listed, without its title or link.
 */
export async function badgeAwards(runtime: Runtime, user: SessionUser | null, query: z.infer<typeof badgeAwardsQuery>) {
  const badge = await activeBadge(runtime, query.badge_id);
  const db = runtime.database;
  let filtered = db.selectFrom('badge_award').where('badge_id', '=', String(badge.id)).where('is_badge_deleted', '=', 0);
  if (query.username) filtered = filtered.where('user_id', '=', await userIdByName(runtime, query.username));
  const [rows, total] = await Promise.all([
    filtered
      .select(['user_id', 'award_key', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const keys = rows.map((r) => String(r.award_key));
  const answerIds = keys.filter((k) => objectTypeOf(k) === OBJECT_TYPE.answer);
  const answers = answerIds.length
    ? await db.selectFrom('answer').select(['id', 'question_id', 'user_id', 'status']).where('id', 'in', answerIds).execute()
    : [];
  const questionIds = [...new Set([...keys.filter((k) => objectTypeOf(k) === OBJECT_TYPE.question), ...answers.map((a) => String(a.question_id))])];
  const questions = questionIds.length
    ? await db.selectFrom('question').select(['id', 'title', 'user_id', 'status']).where('id', 'in', questionIds).execute()
    : [];
  const questionById = new Map(questions.map((q) => [String(q.id), q]));
  const answerById = new Map(answers.map((a) => [String(a.id), a]));
  const [users, thresholds, settings] = await Promise.all([
    loadUserBasics(runtime, rows.map((r) => String(r.user_id))),
    loadThresholds(runtime),
    loadSiteSettings(runtime),
  ]);
  const show = (id: string) => presentId(id, settings.seo.permalink);
  const list = rows.map((r): BadgeAwardItem => {
    const item: BadgeAwardItem = {
      created_at: Number(r.created_at),
      object_id: '',
      question_id: '',
      answer_id: '',
      comment_id: '',
      object_type: '',
      url_title: '',
      author_user_info: (users.get(String(r.user_id)) ?? {}) as Record<string, unknown>,
    };
    const key = String(r.award_key);
    const answer = answerById.get(key);
    const question = questionById.get(answer ? String(answer.question_id) : key);
    if (answer && question && canSeeAnswer(user, answer, question, thresholds)) {
      Object.assign(item, { object_id: show(key), question_id: show(String(question.id)), answer_id: show(key), object_type: 'answer', url_title: urlTitle(question.title) });
    } else if (!answer && question && canSeeQuestion(user, question, thresholds)) {
      Object.assign(item, { object_id: show(key), question_id: show(key), object_type: 'question', url_title: urlTitle(question.title) });
    }
    return item;
  });
  return pageOf(Number(total.n), list);
}

/** GET /badge/user/awards (every badge the user holds) and /recent (the 10 earned last). */
export async function userBadges(runtime: Runtime, username: string, lang: string, recent: boolean) {
  const userId = await userIdByName(runtime, username);
  let q = runtime.database
    .selectFrom('badge_award')
    .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
    .select(['badge.id', 'badge.name', 'badge.icon', 'badge.level', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.max('badge_award.created_at').as('last')])
    .where('badge_award.user_id', '=', userId)
    .where('badge_award.is_badge_deleted', '=', 0)
    .where('badge.status', '=', BADGE_STATUS.active)
    .groupBy(['badge.id', 'badge.name', 'badge.icon', 'badge.level']);
  q = recent ? q.orderBy('last', 'desc').orderBy('badge.id', 'desc').limit(RECENT_BADGES) : q.orderBy('badge.id');
  const [rows, texts] = await Promise.all([q.execute(), badgeTexts(runtime, lang)]);
  const list = rows.map(
    (r): UserBadgeItem => ({
      id: presentId(String(r.id), texts.permalink),
      name: texts.name(r.name),
      icon: r.icon,
      earned_count: Number(r.n),
      level: Number(r.level) as BadgeLevel,
    }),
  );
  return pageOf(list.length, list);
}
