import { ADMIN_API_PREFIX, API_PREFIX, pluginConfigSchema, pluginSlugQuery } from '@answer/contract';
import { type ConfigForm, type FieldError, translate } from '@answer/plugin-sdk';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { FieldErrors, notFound } from '../../core/errors.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { t } from '../../core/i18n.js';
import { loginsOfOtherProviders, providerIdOf } from '../connector/provider-id.js';
import { callHook } from './call.js';
import { defaultsOf, pluginContext } from './context.js';
import { checkSubmitted, formToWire } from './forms.js';
import type { PluginEntry } from './registry.js';
import { applyPlugins, isEnabled, pluginOr404 } from './service.js';
import { loadPluginState, loadUserConfig, saveConfig, saveUserConfig } from './state.js';


/**
 * Plugin config forms (domain.md 15.2): the admin's (`/answer/admin/api/plugin/config`) and each
 * member's (`/answer/api/v1/user/plugin/config`). A save is checked against the plugin's fields and
 * its own rules before anything is stored: field errors refuse it and change nothing.
 */
export async function pluginConfigRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  app.get(`${ADMIN_API_PREFIX}/plugin/config`, { config: { access: 'admin', openapi: { query: pluginSlugQuery, response: 'PluginConfigForm' } } }, async (request, reply) => {
    const entry = pluginOr404(runtime, parseInput(pluginSlugQuery, request.query).plugin_slug_name);
    const saved = (await loadPluginState(runtime)).configs[entry.slug] ?? {};
    return send(request, reply, formReply(entry, entry.plugin?.config, { ...defaultsOf(entry), ...saved }, request.lang));
  });

  app.put(`${ADMIN_API_PREFIX}/plugin/config`, { config: { access: 'admin', openapi: { body: pluginConfigSchema, response: 'PluginConfigWarning' } } }, async (request, reply) => {
    const input = parseInput(pluginConfigSchema, request.body);
    const entry = pluginOr404(runtime, input.plugin_slug_name);
    const form = entry.plugin?.config;
    // Plugins without a form (the built-in captcha keeps its switch in the security settings): nothing to store.
    if (!form) return send(request, reply, null);
    const saved = (await loadPluginState(runtime)).configs[entry.slug] ?? {};
    const checked = await callHook(runtime, entry, 'config.validate', () => checkSubmitted(form, input.config_fields, saved));
    if ('errors' in checked) throw fieldErrors(checked.errors, request);
    await saveConfig(runtime, entry.slug, checked.values);
    // The new settings apply at once: Markdown rules, frames, the plugin's own setup.
    await applyPlugins(runtime);
    return send(request, reply, await providerChangeWarning(runtime, entry, request.lang));
  });

  app.get(`${API_PREFIX}/user/plugin/config`, { config: { access: 'auth', openapi: { query: pluginSlugQuery, response: 'PluginConfigForm' } } }, async (request, reply) => {
    const entry = await userConfigurable(runtime, parseInput(pluginSlugQuery, request.query).plugin_slug_name);
    const saved = await loadUserConfig(runtime, entry.slug, request.user!.id);
    return send(request, reply, formReply(entry, entry.plugin!.userConfig, saved, request.lang));
  });

  app.put(`${API_PREFIX}/user/plugin/config`, { config: { access: 'auth', openapi: { body: pluginConfigSchema, response: null } } }, async (request, reply) => {
    const input = parseInput(pluginConfigSchema, request.body);
    const entry = await userConfigurable(runtime, input.plugin_slug_name);
    const saved = await loadUserConfig(runtime, entry.slug, request.user!.id);
    const checked = await callHook(runtime, entry, 'userConfig.validate', () => checkSubmitted(entry.plugin!.userConfig!, input.config_fields, saved));
    if ('errors' in checked) throw fieldErrors(checked.errors, request);
    await saveUserConfig(runtime, entry.slug, request.user!.id, checked.values);
    return send(request, reply, null);
  });
}

function formReply(entry: PluginEntry, form: ConfigForm | undefined, values: Record<string, unknown>, lang: string) {
  const info = entry.plugin?.info;
  return {
    name: info ? translate(info.name, lang) : entry.slug,
    slug_name: entry.slug,
    description: info ? translate(info.description, lang) : '',
    version: info?.version ?? '',
    config_fields: form ? formToWire(entry.slug, form, values, lang) : [],
  };
}

/** Members' settings exist only for enabled plugins that have them. */
async function userConfigurable(runtime: Runtime, slug: string): Promise<PluginEntry> {
  const entry = pluginOr404(runtime, slug);
  if (!entry.plugin?.userConfig || !(await isEnabled(runtime, entry))) throw notFound('error.plugin.not_found');
  return entry;
}

/** The plugin's messages in the reader's language; the host's own are i18n keys translated by the error handler. */
/**
 * After a connector's settings are saved: a warning when they point its slug at another identity
 * provider while people are bound with the previous one (their logins stop signing in; beyond
 * upstream, which answers nothing here).
 */
async function providerChangeWarning(runtime: Runtime, entry: PluginEntry, lang: string): Promise<{ warning: string } | null> {
  const connector = entry.plugin?.connector;
  if (!connector) return null;
  const providerId = providerIdOf(connector, await pluginContext(runtime, entry));
  const count = await loginsOfOtherProviders(runtime, connector.slug ?? entry.slug, providerId);
  return count ? { warning: t(lang, 'plugin.connector_provider_changed', { count }) } : null;
}

function fieldErrors(errors: FieldError[], request: FastifyRequest): FieldErrors {
  return new FieldErrors(errors.map((e) => ({ field: e.field, reason: translate(e.message, request.lang) })));
}
