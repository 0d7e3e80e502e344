import { ADMIN_API_PREFIX } from '@answer/contract';
import { get, request } from './client';

/** A plugin as the admin list shows it (GET /answer/admin/api/plugins). */
export interface InstalledPlugin {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  link: string;
  enabled: boolean;
  have_config: boolean;
}

export const getInstalledPlugins = (signal?: AbortSignal) => get<InstalledPlugin[]>(`${ADMIN_API_PREFIX}/plugins`, { signal });

export const setPluginEnabled = (slugName: string, enabled: boolean) =>
  request<null>('PUT', `${ADMIN_API_PREFIX}/plugin/status`, { body: { plugin_slug_name: slugName, enabled } });

/** A plugin's settings form (GET /answer/admin/api/plugin/config); built-in plugins declare no fields. */
export interface PluginConfig {
  name: string;
  slug_name: string;
  description: string;
  config_fields: unknown[];
}

export const getPluginConfig = (slugName: string, signal?: AbortSignal) =>
  get<PluginConfig>(`${ADMIN_API_PREFIX}/plugin/config`, { params: { plugin_slug_name: slugName }, signal });
