import type { AdminUserItem, AdminUserStatus, adminUsersQuery, RoleItem } from '@answer/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { pageOf } from '../../core/pagination.js';
import { liftEndedSuspensions } from '../../core/session.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { avatarUrl, statusName } from '../user/presenter.js';

/** Roles are three fixed rows (domain.md 2.15); read once per call, never per user. */
export async function loadRoles(runtime: Runtime): Promise<RoleItem[]> {
  const rows = await runtime.database.selectFrom('role').select(['id', 'name', 'description']).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
/** LIKE wildcards typed by the admin are matched literally ('!' is the escape character on every dialect). */
const likeOf = (s: string) => `%${s.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * `GET /users/page` (domain.md 6.7): newest first. Suspensions that ended are lifted first, so the
 * suspended filter never lists an account that is available again.
 */
export async function adminUsersPage(runtime: Runtime, query: z.infer<typeof adminUsersQuery>) {
  const db = runtime.database;
  await liftEndedSuspensions(db);
  let base = db.selectFrom('user').leftJoin('user_role_rel', 'user_role_rel.user_id', 'user.id');
  const q = query.query;
  if (q) {
    const byId = /^user:\s*(\d{1,18})$/i.exec(q);
    if (byId) base = base.where('user.id', '=', byId[1]!);
    else if (EMAIL.test(q)) base = base.where('user.e_mail', '=', q.toLowerCase());
    else {
      const like = likeOf(q.toLowerCase());
      base = base.where((eb) =>
        eb.or([eb(sql`lower(${sql.ref('user.username')})`, 'like', sql`${like} escape '!'`), eb(sql`lower(${sql.ref('user.display_name')})`, 'like', sql`${like} escape '!'`)]),
      );
    }
  }
  base = filterStatus(base, query.status);
  if (query.staff) base = base.where('user_role_rel.role_id', 'in', [2, 3]);
  const [rows, count, roles, settings] = await Promise.all([
    base
      .selectAll('user')
      .select('user_role_rel.role_id')
      .orderBy('user.id', 'desc')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    loadRoles(runtime),
    loadSiteSettings(runtime),
  ]);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  const list: AdminUserItem[] = rows.map((r) => {
    const roleId = Number(r.role_id ?? 1);
    const status = statusName(r) as AdminUserStatus;
    return {
      user_id: String(r.id),
      created_at: Number(r.created_at),
      deleted_at: Number(r.deleted_at),
      suspended_at: Number(r.suspended_at),
      suspended_until: status === 'suspended' ? Number(r.suspended_until) : 0,
      username: r.username,
      e_mail: r.e_mail,
      rank: Number(r.rank),
      status,
      display_name: r.display_name,
      avatar: avatarUrl(r, settings),
      role_id: roleId,
      role_name: roleName.get(roleId) ?? '',
    };
  });
  return pageOf(count.n as number, list);
}

/** Without a status every account but the deleted ones (the "all" tab). */
function filterStatus<T extends { where: (...args: any[]) => T }>(q: T, status: AdminUserStatus | undefined): T {
  if (status === 'suspended') return q.where('user.status', '=', 9);
  if (status === 'deleted') return q.where('user.status', '=', 10);
  if (status === 'inactive') return q.where('user.status', '=', 1).where('user.mail_status', '=', 2);
  if (status === 'normal') return q.where('user.status', '=', 1).where('user.mail_status', '=', 1);
  return q.where('user.status', '!=', 10);
}
