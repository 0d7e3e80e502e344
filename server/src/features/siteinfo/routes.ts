import { legalQuery } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { listLanguages, uiBundle } from '../../core/i18n.js';
import { parseInput } from '../../core/validate.js';
import { publicSiteInfo } from './public-info.js';
import { loadSiteSettings } from './service.js';

export async function siteinfoRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get('/siteinfo', { config: { access: 'none', openapi: { response: 'SiteInfo', summary: 'Public site settings (null before installation)' }, beforeInstall: true } }, async (request, reply) => {
    // No site yet: null, which clients take as "no settings" (docs/decisions.md, before installation).
    if (!runtime.installed) return send(request, reply, null);
    return send(request, reply, await publicSiteInfo(runtime));
  });

  app.get('/siteinfo/legal', { config: { access: 'public', openapi: { query: legalQuery, response: 'LegalDocument', summary: 'Terms of service or privacy policy' } } }, async (request, reply) => {
    const { info_type } = parseInput(legalQuery, request.query);
    const legal = (await loadSiteSettings(runtime)).legal;
    const prefix = info_type === 'tos' ? 'terms_of_service' : 'privacy_policy';
    // Only the requested document, and only its non-empty fields (domain.md 13.2).
    const data: Record<string, string> = {};
    for (const suffix of ['original_text', 'parsed_text']) {
      const value = legal[`${prefix}_${suffix}`];
      if (value) data[`${prefix}_${suffix}`] = value;
    }
    return send(request, reply, data);
  });

  app.get('/language/options', { config: { access: 'none', openapi: { response: 'LanguageOption[]', summary: 'Languages the interface can be shown in' }, beforeInstall: true } }, async (request, reply) => {
    const options = listLanguages().map((l) => ({ label: l.label, value: l.value }));
    return send(request, reply, [{ label: 'Default', value: 'Default' }, ...options]);
  });

  app.get('/language/config', { config: { access: 'none', openapi: { response: 'UiTranslations', summary: 'UI translations of the request language' }, beforeInstall: true } }, async (request, reply) =>
    send(request, reply, uiBundle(request.lang)),
  );

  // GET /user-center/agent is the user centre's (features/user-center/routes.ts).
}
