import { detectClientAgent, type UserCenterAdminAgent } from '@answer/contract';
import type { PluginContext, UserCenterDescription, UserCenterHooks, UserCenterRequest } from '@answer/plugin-sdk';
import type { FastifyRequest } from 'fastify';
import type { Runtime } from '../../runtime.js';
import { callHook } from '../plugin/call.js';
import { pluginContext } from '../plugin/context.js';
import { enabledHooks } from '../plugin/enabled-hooks.js';
import type { PluginEntry } from '../plugin/registry.js';

/** The plugin acting as the site's user centre, with the context its hooks are called with. */
export interface ActiveUserCenter {
  entry: PluginEntry;
  hooks: UserCenterHooks;
  ctx: PluginContext;
  /**
   * The provider name of its people's bindings (user_external_login.provider): its connector's
   * slug when it has one, so a person signed in through the connector or the user centre is the
   * same binding; else the plugin's slug, as upstream names user-centre bindings.
   */
  provider: string;
}

/**
 * Break glass: with ANSWER_LOCAL_LOGIN=1 in the server's environment the site's own e-mail login
 * works again beside a user centre that replaces it (the identity provider is down and nobody can
 * sign in to switch it off). Read at every call, so a restart with the variable set is enough.
 */
export const localLoginForced = (): boolean => process.env.ANSWER_LOCAL_LOGIN === '1';

/** Whether the plugin acts as a user centre now; a failing `active` counts as not acting. */
async function acts(runtime: Runtime, entry: PluginEntry, hooks: UserCenterHooks, ctx: PluginContext): Promise<boolean> {
  if (!hooks.active) return true;
  return callHook(runtime, entry, 'userCenter.active', () => hooks.active!(ctx)).then(
    (active) => active === true,
    () => false,
  );
}

/**
 * The site's user centre: the first enabled plugin (in load order) whose `active` says it acts,
 * or null. Enabling one switches the others that act off (plugin/service.ts), so there is one.
 */
export async function activeUserCenter(runtime: Runtime): Promise<ActiveUserCenter | null> {
  for (const { entry, hooks } of await enabledHooks(runtime, 'userCenter')) {
    const ctx = await pluginContext(runtime, entry);
    if (await acts(runtime, entry, hooks, ctx)) {
      return { entry, hooks, ctx, provider: entry.plugin?.connector?.slug ?? entry.slug };
    }
  }
  return null;
}

/** The other enabled plugins acting as user centre, to switch off when `entry` is enabled and acts. */
export async function otherActingUserCentres(runtime: Runtime, entry: PluginEntry): Promise<string[]> {
  const hooks = entry.plugin?.userCenter;
  if (!hooks || !(await acts(runtime, entry, hooks, await pluginContext(runtime, entry)))) return [];
  const others: string[] = [];
  for (const other of await enabledHooks(runtime, 'userCenter')) {
    if (other.entry.slug === entry.slug) continue;
    if (await acts(runtime, other.entry, other.hooks, await pluginContext(runtime, other.entry))) others.push(other.entry.slug);
  }
  return others;
}

/** What a user centre's answers may depend on: the in-app browser (spec section 1) and the language. */
export const userCenterRequest = (request: FastifyRequest): UserCenterRequest => ({
  clientAgent: detectClientAgent(request.headers['user-agent']),
  language: request.lang,
});

/** The user centre's description, with the break glass applied. */
export async function describeUserCenter(runtime: Runtime, uc: ActiveUserCenter, request: UserCenterRequest): Promise<UserCenterDescription> {
  const description = await callHook(runtime, uc.entry, 'userCenter.description', () => uc.hooks.description(uc.ctx, request));
  return localLoginForced() ? { ...description, enabledOriginalUserSystem: true } : description;
}

/**
 * What the admin's user pages may still do while a user centre is active (upstream's admin agent):
 * create accounts and set passwords only with the original user system; change statuses and roles
 * unless the user centre says it owns them. Everything without a user centre.
 */
export async function adminAgentOf(runtime: Runtime, request: FastifyRequest): Promise<UserCenterAdminAgent> {
  const uc = await activeUserCenter(runtime);
  if (!uc) return { allow_create_user: true, allow_update_user_status: true, allow_update_user_password: true, allow_update_user_role: true };
  const description = await describeUserCenter(runtime, uc, userCenterRequest(request));
  return {
    allow_create_user: description.enabledOriginalUserSystem,
    allow_update_user_status: !description.userStatusAgentEnabled,
    allow_update_user_password: description.enabledOriginalUserSystem,
    allow_update_user_role: !description.userRoleAgentEnabled,
  };
}

/** The active user centre when it replaces the site's own accounts (not `enabledOriginalUserSystem`), else null. */
export async function replacingUserCenter(runtime: Runtime, request: FastifyRequest): Promise<ActiveUserCenter | null> {
  const uc = await activeUserCenter(runtime);
  if (!uc) return null;
  return (await describeUserCenter(runtime, uc, userCenterRequest(request))).enabledOriginalUserSystem ? null : uc;
}

/** The member's identity at the user centre (their binding), or null when it does not know them. */
export async function externalIdOf(runtime: Runtime, uc: ActiveUserCenter, userId: string): Promise<string | null> {
  const row = await runtime.database
    .selectFrom('user_external_login')
    .select('external_id')
    .where('user_id', '=', userId)
    .where('provider', '=', uc.provider)
    .executeTakeFirst();
  return row ? String(row.external_id) : null;
}
