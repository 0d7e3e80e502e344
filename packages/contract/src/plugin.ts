import { z } from 'zod';
import { text } from './text.js';
/**
 * Replies of the plugin calls every 1.4.0 client makes (domain.md 15), in upstream's shapes.
 * `GET /connector/info`: the external sign-in buttons of the login page.
 */
export interface ConnectorInfo {
  name: string;
  /** An SVG image, its text base64-encoded (upstream's wire: the 1.4.0 client decodes it). */
  icon: string;
  /** Where the button leads: the connector's login start on this site. */
  link: string;
  /**
   * Beyond upstream: the connector signs people in with a name and password typed into the site's
   * own form (a directory: LDAP), POSTed to `link` as `{username, password}`, instead of a redirect.
   */
  form?: boolean;
}

/** `GET /user/plugin/configs`: the enabled plugins with settings of each member's own (a tab each). */
export interface UserPluginItem {
  name: string;
  slug_name: string;
}

/** GET /answer/admin/api/plugins. */
export const pluginListQuery = z.object({
  status: z.enum(['all', 'active', 'inactive']).catch('all').default('all'),
  /** `true`: only plugins with a settings form (the 1.4.0 admin menu lists these as its plugin pages). */
  have_config: z.unknown().optional(),
});
/** PUT /answer/admin/api/plugin/status. */
export const pluginStatusSchema = z.object({
  plugin_slug_name: text().min(1).max(100),
  enabled: z.boolean({ message: 'error.common.invalid_type' }),
});
/** GET /answer/admin/api/plugin/config and /user/plugin/config. */
export const pluginSlugQuery = z.object({ plugin_slug_name: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(100) });
/** PUT /answer/admin/api/plugin/config and /user/plugin/config. */
export const pluginConfigSchema = pluginSlugQuery.extend({ config_fields: z.record(text().max(100), z.unknown()).optional().default({}) });

/** One of GET /plugin/status. */
export interface PluginStatusItem {
  slug_name: string;
  enabled: boolean;
}
/** One of GET /plugin/web: what an enabled plugin adds to the web app. */
export interface PluginWebPart {
  slug_name: string;
  module: string | null;
  styles: string[];
  config: Record<string, unknown>;
  pages: { path: string; title: string }[];
}
/** GET /render/config: the enabled render plugin's settings ({} when none). */
export type RenderConfig = Record<string, unknown>;
/** One of GET /embed/config. */
export interface EmbedPlatform {
  platform: string;
  enable: boolean;
}
/** One of GET /answer/admin/api/plugins. */
export interface AdminPluginItem {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  link: string;
  author: string;
  enabled: boolean;
  have_config: boolean;
  types: string[];
  status: string;
  error: string;
  origin: string;
}
/** One field of a plugin settings form (the plugin SDK's ConfigFieldWire). */
export interface PluginConfigField {
  name: string;
  type: string;
  title: string;
  description: string;
  required: boolean;
  value: unknown;
  ui_options: Record<string, unknown>;
  options?: { label: string; value: string }[];
}
/** GET /answer/admin/api/plugin/config and /user/plugin/config. */
export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginConfigField[];
}
/** PUT /answer/admin/api/plugin/config: a warning when the change affects signed-in users, else null. */
export interface PluginConfigWarning {
  warning: string;
}
