import type { ModerationAction, ModerationLogItem, moderationLogQuery } from '@answer/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../core/guardian.js';
import { pageOf } from '../../core/pagination.js';
import { loadThresholds } from '../../core/privileges.js';
import type { Database } from '../../db/schema.js';
import type { Runtime } from '../../runtime.js';
import { type PostRef, postRefs } from '../personal/post-refs.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { loadUserBasics, type UserBasicInfo } from '../user/basic.js';

/** What a staff action records: who did it is `staffId`; `targetUserId` is whose post or account it was. */
export interface ModerationEntry {
  staffId: string;
  action: ModerationAction;
  objectType?: 'question' | 'answer' | 'comment' | 'user' | 'tag';
  objectId?: string;
  targetUserId?: string;
  reason?: string;
  detail?: Record<string, unknown>;
}

/**
 * Records one staff action in the caller's transaction, so the log holds exactly the actions that
 * happened. Every moderation and admin service calls this for what it changes.
 */
export async function logModeration(trx: Kysely<Database>, e: ModerationEntry): Promise<void> {
  await trx
    .insertInto('moderation_log')
    .values({
      created_at: Math.floor(Date.now() / 1000),
      staff_user_id: e.staffId,
      action: e.action,
      object_type: e.objectType ?? '',
      object_id: e.objectId ?? '0',
      target_user_id: e.targetUserId ?? '0',
      reason: (e.reason ?? '').slice(0, 2000),
      detail: JSON.stringify(e.detail ?? {}),
    })
    .execute();
}

const brief = (u: UserBasicInfo | undefined) => (u ? { username: u.username, display_name: u.display_name, status: u.status } : null);

/** `GET /answer/admin/api/moderation/log`: newest first; `staff` is a username. */
export async function moderationLogPage(runtime: Runtime, viewer: SessionUser | null, query: z.infer<typeof moderationLogQuery>) {
  const db = runtime.database;
  let base = db.selectFrom('moderation_log');
  if (query.staff) {
    const staff = await db.selectFrom('user').select('id').where('username', '=', query.staff).executeTakeFirst();
    if (!staff) return pageOf(0, []);
    base = base.where('staff_user_id', '=', String(staff.id));
  }
  if (query.action) base = base.where('action', '=', query.action);
  if (query.target_user_id) base = base.where('target_user_id', '=', query.target_user_id);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(query.page_size).offset((query.page - 1) * query.page_size).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const postIds = rows.filter((r) => POST_TYPES.has(r.object_type)).map((r) => String(r.object_id));
  const [users, settings, thresholds] = await Promise.all([
    loadUserBasics(runtime, rows.flatMap((r) => [String(r.staff_user_id), String(r.target_user_id)])),
    loadSiteSettings(runtime),
    loadThresholds(runtime),
  ]);
  // Purged posts are gone: their row keeps the title in its detail, and no link.
  const posts = postIds.length ? await postRefs(db, postIds, settings.seo.permalink, '', { user: viewer, thresholds }) : new Map();
  const list: ModerationLogItem[] = rows.map((r) => ({
    id: String(r.id),
    created_at: Number(r.created_at),
    action: r.action as ModerationAction,
    object_type: r.object_type,
    object_id: String(r.object_id) === '0' ? '' : String(r.object_id),
    reason: r.reason,
    detail: parseDetail(r.detail),
    staff_user: brief(users.get(String(r.staff_user_id))),
    target_user: brief(users.get(String(r.target_user_id))),
    post: postOf(posts.get(String(r.object_id))),
  }));
  return pageOf(count.n as number, list);
}

const POST_TYPES = new Set(['question', 'answer', 'comment']);

function postOf(ref: PostRef | undefined): ModerationLogItem['post'] {
  if (!ref?.question_id) return null;
  return { question_id: ref.question_id, answer_id: ref.answer_id, title: ref.title, url_title: ref.url_title };
}

function parseDetail(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
