import { ADMIN_API_PREFIX, API_PREFIX, type UserPluginItem } from '@answer/contract';
import type { ConfigFieldWire } from '@answer/plugin-sdk';
import { type Reply, get, request, requestReply } from './client';

export type PluginStatusName = 'active' | 'inactive' | 'failed' | 'outdated';
export type PluginOrigin = 'built-in' | 'first-party' | 'config' | 'data-dir';

/** A plugin as the admin list shows it (GET /answer/admin/api/plugins). */
export interface InstalledPlugin {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  link: string;
  author: string;
  enabled: boolean;
  have_config: boolean;
  /** What it implements (config, connector, render, ...). */
  types: string[];
  status: PluginStatusName;
  /** Why it failed to load (status failed) or is refused (outdated). */
  error: string;
  origin: PluginOrigin;
}

export const getInstalledPlugins = (signal?: AbortSignal) => get<InstalledPlugin[]>(`${ADMIN_API_PREFIX}/plugins`, { params: { status: 'all' }, signal });

export const setPluginEnabled = (slugName: string, enabled: boolean) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/plugin/status`, { body: { plugin_slug_name: slugName, enabled } });

/** A plugin's settings form, the admin's or a member's own (`config_fields` in upstream's shape). */
export interface PluginConfig {
  name: string;
  slug_name: string;
  description: string;
  version?: string;
  config_fields: ConfigFieldWire[];
}

/** What a form sends: each field's value by name. */
export type PluginConfigValues = Record<string, unknown>;

// Forms show the field errors and the message of a refused save themselves.
const quiet = { passingError: true } as const;

export const getPluginConfig = (slugName: string, signal?: AbortSignal) =>
  get<PluginConfig>(`${ADMIN_API_PREFIX}/plugin/config`, { params: { plugin_slug_name: slugName }, signal });

/** A connector's save answers a warning when it points at another identity provider while people are bound with the previous one. */
export const savePluginConfig = (slugName: string, values: PluginConfigValues) =>
  request<{ warning: string } | null>('PUT', `${ADMIN_API_PREFIX}/plugin/config`, { body: { plugin_slug_name: slugName, config_fields: values }, ...quiet });

/** The plugins with settings of each member's own: a tab each on the settings pages (a failure just shows none). */
export const USER_PLUGIN_TABS = ['user-plugin-tabs'];
export const getUserPluginTabs = (signal?: AbortSignal) => get<UserPluginItem[]>(`${API_PREFIX}/user/plugin/configs`, { signal, ignore50x: true });

export const getUserPluginConfig = (slugName: string, signal?: AbortSignal) =>
  get<PluginConfig>(`${API_PREFIX}/user/plugin/config`, { params: { plugin_slug_name: slugName }, signal });

export const saveUserPluginConfig = (slugName: string, values: PluginConfigValues) =>
  request<null>('PUT', `${API_PREFIX}/user/plugin/config`, { body: { plugin_slug_name: slugName, config_fields: values }, ...quiet });

/**
 * A config form's button: its plugin's route, with the form's current values. GET and HEAD carry no
 * body, so they go without them. Resolves to the reply's data and message (the button toasts it).
 */
export function runFormAction(action: { url: string; method: string }, values: PluginConfigValues): Promise<Reply<unknown>> {
  const method = action.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : { config_fields: values };
  return requestReply<unknown>(method, action.url, { body });
}
