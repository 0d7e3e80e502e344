import { SITE_SETTING_GROUPS, type SiteSettingGroup } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { send } from '../../core/envelope.js';
import { listLanguages } from '../../core/i18n.js';
import { parseInput } from '../../core/validate.js';
import { doc } from '../openapi/declare.js';
import { loadSiteSettings, saveSiteGroup, type SiteSettings } from '../siteinfo/service.js';
import { GROUP_CHECKS } from './siteinfo-checks.js';

const THEME_OPTIONS = [{ label: 'Default', value: 'default' }];

/**
 * `GET|PUT /siteinfo/<group>` under the admin prefix (domain.md 13.1): GET answers the stored group
 * filled with defaults, PUT validates with the contract schema, then the group's own checks, and
 * replaces the whole group. The settings cache is dropped on save, so every reader sees it at once.
 */
export async function siteSettingsRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  const admin = { config: { access: 'admin' as const } };

  for (const group of Object.keys(SITE_SETTING_GROUPS) as SiteSettingGroup[]) {
    // One loop over all groups: the union of their schemas is handled as a plain schema here; each
    // group's check still receives exactly its own parsed type.
    const { type, schema } = SITE_SETTING_GROUPS[group] as { type: keyof SiteSettings; schema: ZodType<unknown> };

    app.get(`/siteinfo/${group}`, doc(admin, { response: schema, summary: `Site settings: ${group}` }), async (request, reply) => {
      const stored = (await loadSiteSettings(runtime))[type];
      return send(request, reply, group === 'theme' ? { ...stored, theme_options: THEME_OPTIONS } : stored);
    });

    app.put(`/siteinfo/${group}`, doc(admin, { body: schema, response: null, summary: `Save site settings: ${group}` }), async (request, reply) => {
      const input = parseInput(schema, request.body);
      const check = GROUP_CHECKS[group] as ((r: typeof runtime, i: unknown) => unknown) | undefined;
      const content = check ? await check(runtime, input) : input;
      await saveSiteGroup(runtime, type, content as SiteSettings[typeof type]);
      return send(request, reply, null);
    });
  }

  app.get('/theme/options', doc(admin, { response: 'ThemeOption[]' }), async (request, reply) => send(request, reply, THEME_OPTIONS));

  app.get('/language/options', doc(admin, { response: 'LanguageOption[]' }), async (request, reply) =>
    send(request, reply, listLanguages().map((l) => ({ label: l.label, value: l.value }))),
  );
}
