/**
 * @answer/plugin-sdk: what an Answer plugin is written against. A plugin is an npm package (or a
 * folder) whose server module's default export is an `AnswerPlugin`; docs/plugins.md shows how to
 * write, build, add and remove one.
 */
import type { ConfigForm, ConfigValues } from './config-fields.js';
import type { PluginContext } from './context.js';
import type {
  CaptchaHooks,
  CdnHooks,
  ConnectorHooks,
  EmbedHooks,
  NotificationHooks,
  PluginRoutes,
  RenderHooks,
  ReviewerHooks,
  SearchHooks,
  StorageHooks,
  UserCenterHooks,
} from './hooks.js';
import type { Translatable } from './translatable.js';

export * from './config-fields.js';
export * from './context.js';
export * from './hooks.js';
export * from './translatable.js';
export type * from './web.js';

/** The SDK version a plugin was written against; the host refuses majors it does not know (shown as outdated). */
export const SDK_VERSION = '1.0.0';

export interface PluginInfo {
  /** Unique, lower-case letters, digits and `_` or `-`; it names the plugin in URLs and settings. */
  slug_name: string;
  name: Translatable;
  description: Translatable;
  version: string;
  author?: string;
  link?: string;
  /** The SDK version it was built against (SDK_VERSION). */
  sdk?: string;
}

/** The plugin types, as the admin's list shows them (derived from the hooks a plugin has). */
export type PluginType =
  | 'config'
  | 'user_config'
  | 'connector'
  | 'user_center'
  | 'agent'
  | 'storage'
  | 'search'
  | 'notification'
  | 'reviewer'
  | 'captcha'
  | 'embed'
  | 'render'
  | 'cdn'
  | 'editor'
  | 'sidebar'
  | 'route';

/** A plugin's web part: files in one folder of its package, served at /plugins/{slug}/ (web.ts has the module's API). */
export interface WebPart {
  /** The folder, relative to the package's root, e.g. `dist/web`. Everything in it is public. */
  dir: string;
  /** The prebuilt ES module in that folder (default export: WebSetup), e.g. `web.js`. */
  module?: string;
  /**
   * Stylesheets in that folder, linked on every page while the plugin is enabled. A function gets
   * the admin's saved values (a plugin whose look is chosen in its settings needs no script).
   */
  styles?: string[] | ((values: ConfigValues) => string[]);
  /**
   * Pages the module adds under the main layout (`addPage`): the server answers 200 for them while
   * enabled. A function gets the admin's saved values, for pages the admin names (custom pages).
   */
  pages?: { path: string; title: Translatable }[] | ((values: ConfigValues) => { path: string; title: Translatable }[]);
  /** What the module adds, for the admin's list of types. */
  adds?: ('editor' | 'renderer' | 'sidebar' | 'page')[];
}

export interface AnswerPlugin {
  info: PluginInfo;
  /** Enabled on a new site (otherwise off until an admin enables it). */
  enabledByDefault?: boolean;
  /** Called once the plugin is loaded and whenever its config is saved. */
  setup?(ctx: PluginContext): void | Promise<void>;
  /** The admin's config form (`/admin/{slug_name}`). */
  config?: ConfigForm;
  /** Each member's own settings (`/users/settings/{slug_name}`). */
  userConfig?: ConfigForm;
  /** What of the config the browser may see (sent with the web part); never secrets. */
  publicConfig?(values: ConfigValues): Record<string, unknown>;
  connector?: ConnectorHooks;
  userCenter?: UserCenterHooks;
  routes?: PluginRoutes;
  storage?: StorageHooks;
  search?: SearchHooks;
  notification?: NotificationHooks;
  reviewer?: ReviewerHooks;
  captcha?: CaptchaHooks;
  embed?: EmbedHooks;
  render?: RenderHooks;
  cdn?: CdnHooks;
  web?: WebPart;
}

/** Gives a plugin object its type; nothing else (a plugin may export the object as it is). */
export const definePlugin = (plugin: AnswerPlugin): AnswerPlugin => plugin;

/** The types a plugin implements, from the hooks it has. */
export function pluginTypes(plugin: AnswerPlugin): PluginType[] {
  const types: PluginType[] = [];
  if (plugin.config) types.push('config');
  if (plugin.userConfig) types.push('user_config');
  if (plugin.connector) types.push('connector');
  if (plugin.userCenter) types.push('user_center');
  if (plugin.routes) types.push('agent');
  if (plugin.storage) types.push('storage');
  if (plugin.search) types.push('search');
  if (plugin.notification) types.push('notification');
  if (plugin.reviewer) types.push('reviewer');
  if (plugin.captcha) types.push('captcha');
  if (plugin.embed) types.push('embed');
  if (plugin.render || plugin.web?.adds?.includes('renderer')) types.push('render');
  if (plugin.cdn) types.push('cdn');
  if (plugin.web?.adds?.includes('editor')) types.push('editor');
  if (plugin.web?.adds?.includes('sidebar')) types.push('sidebar');
  if (plugin.web?.adds?.includes('page')) types.push('route');
  return types;
}
