import { ADMIN_API_PREFIX, API_PREFIX, type ConnectorInfo, pluginListQuery, pluginStatusSchema, type UserPluginItem } from '@answer/contract';
import { translate } from '@answer/plugin-sdk';
import type { FastifyInstance } from 'fastify';
import { send } from '../../core/envelope.js';
import { parseInput } from '../../core/validate.js';
import { syncEnabledSearchPlugin } from '../search/plugin-sync.js';
import { callHook } from './call.js';
import { pluginContext } from './context.js';
import { enabledWith, pluginOr404, pluginsWithState, setPluginEnabled, statusOf } from './service.js';
import { webParts } from './web.js';
import { svgBase64 } from '../connector/icon.js';


/** Plugin status, the admin's list and switch, and what plugins add to every client (domain.md 15.2). */
export async function pluginRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // A boot call of every client: answers before installation too (with no plugins then).
  app.get(`${API_PREFIX}/plugin/status`, { config: { access: 'none', openapi: { response: 'PluginStatusItem[]', summary: 'Plugins and whether they are enabled' }, beforeInstall: true } }, async (request, reply) => {
    const list = runtime.installed ? await pluginsWithState(runtime) : [];
    return send(
      request,
      reply,
      list.filter((p) => p.entry.plugin).map((p) => ({ slug_name: p.entry.slug, enabled: p.enabled })),
    );
  });

  // The login page's external sign-in buttons, in private mode too (before signing in); [] with none enabled.
  app.get(`${API_PREFIX}/connector/info`, { config: { access: 'none', openapi: { response: 'ConnectorInfo[]' } } }, async (request, reply) => {
    const connectors: ConnectorInfo[] = (await enabledWith(runtime, 'connector')).map(({ entry, hooks }) => ({
      name: translate(hooks.name, request.lang),
      icon: svgBase64(hooks.logoSvg),
      link: `${API_PREFIX}/connector/login/${hooks.slug ?? entry.slug}`,
      ...(hooks.login && !hooks.sender && { form: true }),
    }));
    return send(request, reply, connectors);
  });

  // The tabs of enabled plugins with per-member settings.
  app.get(`${API_PREFIX}/user/plugin/configs`, { config: { access: 'auth', openapi: { response: 'UserPluginItem[]' } } }, async (request, reply) => {
    const plugins: UserPluginItem[] = (await enabledWith(runtime, 'userConfig')).map(({ entry }) => ({
      name: translate(entry.plugin!.info.name, request.lang),
      slug_name: entry.slug,
    }));
    return send(request, reply, plugins);
  });

  // The web parts of enabled plugins (also inline in server-rendered pages).
  app.get(`${API_PREFIX}/plugin/web`, { config: { access: 'public', openapi: { response: 'PluginWebPart[]' } } }, async (request, reply) => send(request, reply, await webParts(runtime)));

  // The code theme of the enabled render plugin (upstream's `select_theme`); {} when none says.
  app.get(`${API_PREFIX}/render/config`, { config: { access: 'public', openapi: { response: 'RenderConfig' } } }, async (request, reply) => {
    for (const { entry, hooks } of await enabledWith(runtime, 'render')) {
      if (!hooks.config) continue;
      const ctx = await pluginContext(runtime, entry);
      const config = await callHook(runtime, entry, 'render.config', () => hooks.config!(ctx)).catch(() => null);
      if (config) return send(request, reply, config);
    }
    return send(request, reply, {});
  });

  // The platforms whose links the editor and posts show as embeds.
  app.get(`${API_PREFIX}/embed/config`, { config: { access: 'public', openapi: { response: 'EmbedPlatform[]' } } }, async (request, reply) => {
    const platforms: { platform: string; enable: boolean }[] = [];
    for (const { entry, hooks } of await enabledWith(runtime, 'embed')) {
      const ctx = await pluginContext(runtime, entry);
      platforms.push(...(await callHook(runtime, entry, 'embed.platforms', () => hooks.platforms(ctx)).catch(() => [])));
    }
    return send(request, reply, platforms);
  });

  app.get(`${ADMIN_API_PREFIX}/plugins`, { config: { access: 'admin', openapi: { query: pluginListQuery, response: 'AdminPluginItem[]' } } }, async (request, reply) => {
    const { status, have_config } = parseInput(pluginListQuery, request.query);
    const withForm = have_config === true || have_config === 'true';
    const list = (await pluginsWithState(runtime)).filter((p) => (status === 'all' || p.enabled === (status === 'active')) && (!withForm || !!p.entry.plugin?.config));
    return send(
      request,
      reply,
      list.map(({ entry, enabled }) => {
        const info = entry.plugin?.info;
        return {
          name: info ? translate(info.name, request.lang) : entry.source?.name ?? entry.slug,
          slug_name: entry.slug,
          description: info ? translate(info.description, request.lang) : '',
          version: info?.version ?? '',
          link: info?.link ?? '',
          author: info?.author ?? '',
          enabled,
          have_config: !!entry.plugin?.config,
          types: entry.types,
          status: statusOf(entry, enabled),
          error: entry.failure?.message ?? '',
          origin: entry.source?.origin ?? 'built-in',
        };
      }),
    );
  });

  app.put(`${ADMIN_API_PREFIX}/plugin/status`, { config: { access: 'admin', openapi: { body: pluginStatusSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(pluginStatusSchema, request.body);
    pluginOr404(runtime, input.plugin_slug_name);
    await setPluginEnabled(runtime, input.plugin_slug_name, input.enabled);
    // A search plugin switched on fills its index in the background (search/plugin-sync.ts).
    if (input.enabled) void syncEnabledSearchPlugin(runtime, input.plugin_slug_name);
    return send(request, reply, null);
  });
}
