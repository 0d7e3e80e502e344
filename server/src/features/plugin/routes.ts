import { ADMIN_API_PREFIX, type ConnectorInfo, text, type UserPluginItem } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import { isPluginSlug, pluginStatus, setCaptchaEnabled } from '../captcha/plugin.js';

const listQuery = z.object({
  status: z.enum(['all', 'active', 'inactive']).catch('all').default('all'),
  have_config: z.unknown().optional(),
});
const statusBody = z.object({
  plugin_slug_name: text().min(1).max(100),
  enabled: z.boolean({ message: 'error.common.invalid_type' }),
});

/**
 * Plugin status as upstream's clients read it (domain.md 15). Only built-in plugins exist, so far
 * the captcha; the list and the switch are the admin's way to turn it off until the plugin admin
 * pages come.
 */
export async function pluginRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // A boot call of every client: answers before installation too (with no plugins then).
  app.get('/answer/api/v1/plugin/status', { config: { access: 'none', beforeInstall: true } }, async (request, reply) => {
    const list = runtime.installed ? await pluginStatus(runtime) : [];
    return send(request, reply, list.map((p) => ({ slug_name: p.slug_name, enabled: p.enabled })));
  });

  // The login page's external sign-in buttons, in private mode too (before signing in). No
  // connector plugin exists yet, so the list is empty, as upstream's with none enabled.
  app.get('/answer/api/v1/connector/info', { config: { access: 'none' } }, async (request, reply) => {
    const connectors: ConnectorInfo[] = [];
    return send(request, reply, connectors);
  });

  // The tabs of plugins with per-member settings on the settings pages: none of the built-in ones has any.
  app.get('/answer/api/v1/user/plugin/configs', { config: { access: 'auth' } }, async (request, reply) => {
    const plugins: UserPluginItem[] = [];
    return send(request, reply, plugins);
  });

  app.get(`${ADMIN_API_PREFIX}/plugins`, { config: { access: 'admin' } }, async (request, reply) => {
    const { status } = parseInput(listQuery, request.query);
    const list = (await pluginStatus(runtime)).filter((p) => status === 'all' || p.enabled === (status === 'active'));
    return send(
      request,
      reply,
      list.map((p) => ({ name: p.name, slug_name: p.slug_name, description: p.description, version: p.version, link: p.link, enabled: p.enabled, have_config: false })),
    );
  });

  app.put(`${ADMIN_API_PREFIX}/plugin/status`, { config: { access: 'admin' } }, async (request, reply) => {
    const input = parseInput(statusBody, request.body);
    if (!isPluginSlug(input.plugin_slug_name)) throw notFound('base.not_found');
    await setCaptchaEnabled(runtime, input.enabled);
    return send(request, reply, null);
  });
}
