import { ADMIN_API_PREFIX, API_PREFIX, ROLE } from '@answer/contract';
import { type PluginReply, type PluginRoute, translate } from '@answer/plugin-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { ensureRouteAccess } from '../../core/guardian.js';
import { sanitizePostHtml } from '../../core/markdown.js';
import type { Runtime } from '../../runtime.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { callHook } from './call.js';
import { pluginContext } from './context.js';
import { isEnabled } from './service.js';

type Group = 'public' | 'member' | 'admin';
/** The envelope's reason for a plugin's own status, as the core's replies carry it. */
const REASONS: Record<number, string> = { 401: 'base.unauthorized_error', 403: 'base.forbidden_error', 404: 'base.not_found', 503: 'base.unknown' };
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * Plugins' own HTTP routes (the agent type): /answer/api/v1/plugin/{slug}/... for the public and
 * member groups, /answer/admin/api/plugin/{slug}/... for the admin group. Each group is checked by
 * the guardian like the core's routes; a disabled plugin's routes are 404. Replies go out in the
 * envelope (or as a redirect), so clients read them like any other call.
 */
export async function pluginAgentRoutes(app: FastifyInstance) {
  const runtime = app.runtime;
  // Access is decided per plugin route (public or member), by the guardian, inside the handler.
  app.route({ method: [...METHODS], url: `${API_PREFIX}/plugin/:slug/*`, config: { access: 'none', openapi: { summary: "A plugin's own route (public or member, as the plugin declares); data is the plugin's" } }, handler: (request, reply) => dispatch(runtime, request, reply, ['public', 'member']) });
  app.route({ method: [...METHODS], url: `${ADMIN_API_PREFIX}/plugin/:slug/*`, config: { access: 'admin', openapi: { summary: "A plugin's own admin route; data is the plugin's" } }, handler: (request, reply) => dispatch(runtime, request, reply, ['admin']) });
}

async function dispatch(runtime: Runtime, request: FastifyRequest, reply: FastifyReply, groups: Group[]) {
  const { slug, '*': rest } = request.params as { slug: string; '*': string };
  const entry = runtime.installed ? runtime.plugins.get(slug) : undefined;
  if (!entry?.plugin?.routes || !(await isEnabled(runtime, entry))) throw notFound();
  let found: ReturnType<typeof findRoute> = null;
  try {
    found = findRoute(entry.plugin.routes, groups, request.method, `/${rest}`);
  } catch {
    // A malformed escape in the path names no route.
  }
  if (!found) throw notFound();
  if (found.group !== 'admin') {
    ensureRouteAccess(request.user ?? null, found.group === 'member' ? 'auth' : 'public', (await loadSiteSettings(runtime)).login.login_required);
  }
  const user = request.user
    ? { id: request.user.id, username: request.user.username, role: request.user.roleId === ROLE.admin ? ('admin' as const) : request.user.roleId === ROLE.moderator ? ('moderator' as const) : ('user' as const) }
    : null;
  const ctx = await pluginContext(runtime, entry);
  const answer: PluginReply = await callHook(runtime, entry, `route ${request.method} ${found.route.path}`, () =>
    found.route.handler(
      { method: request.method, params: found.params, query: stringsOf(request.query), body: request.body ?? null, user, language: request.lang, ip: request.ip },
      ctx,
    ),
  );
  if ('redirect' in answer) {
    if (!/^(https?:\/\/|\/(?!\/))/.test(answer.redirect)) throw notFound();
    return reply.redirect(answer.redirect, 302);
  }
  // A plugin's HTML may carry what people wrote: it goes out through the posts' sanitiser.
  if ('html' in answer) return send(request, reply, { html: sanitizePostHtml(answer.html), title: translate(answer.title, request.lang) }, answer.status ?? 200);
  const message = answer.message === undefined ? undefined : translate(answer.message, request.lang);
  const status = answer.status ?? 200;
  return send(request, reply, answer.data ?? (message === undefined ? null : { message }), status, REASONS[status] ?? (status < 400 ? 'base.success' : 'base.request_format_error'), message);
}

/** The route of the first group (in order) whose method and pattern match; `:name` takes one segment, `*` the rest. */
function findRoute(routes: Partial<Record<Group, PluginRoute[]>>, groups: Group[], method: string, path: string) {
  for (const group of groups) {
    for (const route of routes[group] ?? []) {
      if (route.method !== method) continue;
      const params = match(route.path, path);
      if (params) return { group, route, params };
    }
  }
  return null;
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') {
      params['*'] = have.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    if (i >= have.length) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(have[i]!);
    else if (part !== have[i]) return null;
  }
  return want.length === have.length ? params : null;
}

function stringsOf(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) if (typeof value === 'string') out[key] = value;
  return out;
}
