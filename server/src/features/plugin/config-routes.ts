import { ADMIN_API_PREFIX, text } from '@answer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import { BUILTIN_PLUGINS } from '../captcha/plugin.js';

const slugQuery = z.object({ plugin_slug_name: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(100) });
const configBody = slugQuery.extend({ config_fields: z.record(text().max(100), z.unknown()).optional().default({}) });

function builtin(slug: string) {
  const plugin = BUILTIN_PLUGINS.find((p) => p.slug_name === slug);
  if (!plugin) throw notFound('base.not_found');
  return plugin;
}

/**
 * Plugin configuration as 1.4.0 clients ask it (domain.md 15). The built-in plugins keep their
 * settings in the site settings (the captcha switch is in the security group), so they declare no
 * config fields: the page shows what the plugin is and where it is set.
 */
export async function pluginConfigRoutes(app: FastifyInstance) {
  app.get(`${ADMIN_API_PREFIX}/plugin/config`, { config: { access: 'admin' } }, async (request, reply) => {
    const plugin = builtin(parseInput(slugQuery, request.query).plugin_slug_name);
    return send(request, reply, { name: plugin.name, slug_name: plugin.slug_name, description: plugin.description, config_fields: [] });
  });

  // Nothing to store: accepted so a client saving an empty form gets success, unknown plugins a 404.
  app.put(`${ADMIN_API_PREFIX}/plugin/config`, { config: { access: 'admin' } }, async (request, reply) => {
    builtin(parseInput(configBody, request.body).plugin_slug_name);
    return send(request, reply, null);
  });
}
