import type { FastifyInstance } from 'fastify';
import { type PermissionResult, permissionQuery, privilegeSettingsSchema } from '@answer/contract';
import { send } from '../../core/envelope.js';
import { can, ensure } from '../../core/guardian.js';
import { t } from '../../core/i18n.js';
import { forgetThresholds, loadThresholds } from '../../core/privileges.js';
import { parseInput } from '../../core/validate.js';
import { PRIVILEGE_KEYS, PRIVILEGE_LEVELS, type PrivilegeKey } from '../install/privilege-levels.js';
import { forgetSiteSettings, loadSiteSettings } from '../siteinfo/service.js';

const CUSTOM = 99;

/** Admin privilege levels (domain.md 4.2) and the permission check the web asks (domain.md 4.3). */
export async function privilegeRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/answer/admin/api/setting/privileges', { config: { access: 'admin', openapi: { response: 'PrivilegeSettings' } } }, async (request, reply) => {
    const stored = (await loadSiteSettings(runtime)).privileges as { level: number; custom_privileges?: { key: string; value: number }[] };
    const option = (level: number, values: Record<string, number>) => ({
      level,
      level_desc: t(request.lang, `privilege.level_${level}.description`),
      privileges: PRIVILEGE_KEYS.map((key) => ({ key, label: t(request.lang, `privilege.${key}`), value: values[key] })),
    });
    const custom = Object.fromEntries((stored.custom_privileges ?? []).map((p) => [p.key, p.value]));
    return send(request, reply, {
      options: [
        option(1, PRIVILEGE_LEVELS[1]),
        option(2, PRIVILEGE_LEVELS[2]),
        option(3, PRIVILEGE_LEVELS[3]),
        option(CUSTOM, { ...PRIVILEGE_LEVELS[1], ...custom }),
      ],
      selected_level: stored.level ?? 3,
    });
  });

  app.put('/answer/admin/api/setting/privileges', { config: { access: 'admin', openapi: { body: privilegeSettingsSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(privilegeSettingsSchema, request.body);
    const values: Record<PrivilegeKey, number> =
      input.level === CUSTOM
        ? { ...PRIVILEGE_LEVELS[1], ...Object.fromEntries(input.custom_privileges.map((p) => [p.key, p.value])) }
        : PRIVILEGE_LEVELS[input.level];
    const db = runtime.database;
    await db.transaction().execute(async (trx) => {
      for (const key of PRIVILEGE_KEYS) {
        await trx.updateTable('config').set({ value: String(values[key]) }).where('key', '=', `rank.${key}`).execute();
      }
      const content = JSON.stringify({ level: input.level, custom_privileges: input.level === CUSTOM ? input.custom_privileges : [] });
      await trx.updateTable('site_info').set({ content, updated_at: Math.floor(Date.now() / 1000) }).where('type', '=', 'privileges').execute();
    });
    await forgetThresholds(runtime);
    await forgetSiteSettings(runtime);
    return send(request, reply, null);
  });

  app.get('/answer/api/v1/permission', { config: { access: 'auth', openapi: { query: permissionQuery, response: 'PermissionResult' } } }, async (request, reply) => {
    const { action } = parseInput(permissionQuery, request.query);
    const thresholds = await loadThresholds(runtime);
    const result: PermissionResult = {};
    for (const name of action.split(',').map((a) => a.trim()).filter(Boolean).slice(0, 50)) {
      const allowed = can(request.user, name, thresholds);
      let tip = '';
      let need = 0;
      if (!allowed) {
        try {
          ensure(request.user, name, thresholds);
        } catch (err) {
          const e = err as { reason: string; vars?: Record<string, string | number> };
          tip = t(request.lang, e.reason, e.vars);
          need = Number(e.vars?.rank ?? 0);
        }
      }
      result[name] = { has_permission: allowed, no_permission_tip: tip, need_reputation: need };
    }
    return send(request, reply, result);
  });
}
