import {
  ADMIN_API_PREFIX,
  API_PREFIX,
  returnPathQuery,
  type UserCenterAgent,
  type UserCenterLogout,
  type UserCenterPersonalBranding,
  type UserCenterUserSettings,
  userCenterBrandingQuery,
} from '@answer/contract';
import { translate } from '@answer/plugin-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from '../../core/envelope.js';
import { AppError } from '../../core/errors.js';
import { revokeSession } from '../../core/session.js';
import { parseInput } from '../../core/validate.js';
import type { Runtime } from '../../runtime.js';
import { VISIT_COOKIE } from '../auth/common.js';
import { markAttemptFailed } from '../captcha/throttle.js';
import { checkExternalUser, resolveAccount } from '../connector/accounts.js';
import { svgBase64 } from '../connector/icon.js';
import { callHook } from '../plugin/call.js';
import { loadSiteSettings } from '../siteinfo/service.js';
import { parseSiteUrl } from '../siteinfo/site-url.js';
import { findUserByUsername } from '../user/queries.js';
import { type ActiveUserCenter, activeUserCenter, adminAgentOf, describeUserCenter, externalIdOf, userCenterRequest } from './active.js';
import { ownedFieldsOf } from './owned-fields.js';
import { syncOwnedProfile } from './sync.js';
import { keepPendingBinding } from '../connector/binding-email.js';
import { providerIdOf } from '../connector/provider-id.js';
import { signInExternal, stringFields } from '../connector/external-session.js';
import { doc } from '../openapi/declare.js';

const UC = `${API_PREFIX}/user-center`;
/** A callback asks the user centre about the person (tokens, user info): as long as a connector's. */
const CALLBACK_TIMEOUT_MS = 30_000;
const AUTH_FAILED = '/user-center/auth-failed';

/** The site's address as links to it are built (the request's own origin until the admin set one). */
async function siteBase(runtime: Runtime, request: FastifyRequest): Promise<string> {
  return parseSiteUrl((await loadSiteSettings(runtime)).general.site_url) ?? `${request.protocol}://${request.host}`;
}

/** Only a path of this site (never `//host` or another origin): where the person comes back to. */
const returnPath = (value: unknown): string | null =>
  typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) && value.length <= 2000 ? value : null;

/**
 * The user centre's login or sign-up address, given the page to come back to when it is an
 * address of this site (a connector's start reads `redirect`); another site's address is left as
 * the plugin gave it.
 */
function withReturnPath(target: string, base: string, back: string | null): string {
  if (!back) return target;
  const url = new URL(target, `${base}/`);
  if (url.origin !== new URL(`${base}/`).origin) return target;
  url.searchParams.set('redirect', back);
  return target.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

/** An address the browser may be sent to: http(s), or a path of this site. */
const sendable = (url: unknown): url is string => typeof url === 'string' && (/^https?:\/\//i.test(url) || returnPath(url) !== null);

/**
 * The user centre (domain.md 15.1 and 21, upstream's plugin_user_center_controller): the login
 * agent every client reads at start-up, the redirects to its login and sign-up, its callbacks, a
 * member's settings and profile links there, the admin's view, and a logout that ends the session
 * at the user centre too. The site's own account routes it replaces are refused in native-ban.ts.
 */
export async function userCenterRoutes(app: FastifyInstance) {
  const runtime = app.runtime;

  // Every client asks at start-up, on a private site's login page too, and before installation.
  app.get(`${UC}/agent`, { config: { access: 'none', openapi: { response: 'UserCenterAgent' }, beforeInstall: true } }, async (request, reply) => {
    const off: UserCenterAgent = { enabled: false, agent_info: null };
    const uc = runtime.installed ? await activeUserCenter(runtime) : null;
    if (!uc) return send(request, reply, off);
    const asked = userCenterRequest(request);
    const description = await describeUserCenter(runtime, uc, asked);
    const items = uc.hooks.controlCenterItems
      ? await callHook(runtime, uc.entry, 'userCenter.controlCenterItems', () => uc.hooks.controlCenterItems!(uc.ctx, asked)).catch(() => [])
      : [];
    const base = await siteBase(runtime, request);
    const agent: UserCenterAgent = {
      enabled: true,
      agent_info: {
        name: description.name,
        display_name: translate(description.displayName, request.lang),
        // As connector icons: the SVG's text base64-encoded (the 1.4.0 client decodes it, ours shows it as an image).
        icon: description.icon?.trim().startsWith('<') ? svgBase64(description.icon.trim()) : '',
        url: sendable(description.url) ? description.url : '',
        // As upstream: the site's own redirects, which send the browser on to the user centre.
        login_redirect_url: `${base}${UC}/login/redirect`,
        sign_up_redirect_url: `${base}${UC}/sign-up/redirect`,
        control_center: items.filter((item) => sendable(item.url)).map((item) => ({ name: item.name, label: translate(item.label, request.lang), url: item.url })),
        enabled_original_user_system: description.enabledOriginalUserSystem,
      },
    };
    return send(request, reply, agent);
  });

  // What the admin's user pages may still offer (upstream: creating users and setting passwords only with the original system).
  app.get(`${ADMIN_API_PREFIX}/user-center/agent`, { config: { access: 'admin', openapi: { response: 'UserCenterAdminAgent' } } }, async (request, reply) => send(request, reply, await adminAgentOf(runtime, request)));

  // The login and sign-up pages send people here; here they go on to the user centre.
  const redirectTo = (which: 'loginRedirectUrl' | 'signUpRedirectUrl') => async (request: FastifyRequest, reply: FastifyReply) => {
    const uc = await activeUserCenter(runtime);
    if (!uc) return reply.redirect(which === 'loginRedirectUrl' ? '/users/login' : '/users/register', 302);
    const description = await describeUserCenter(runtime, uc, userCenterRequest(request));
    // Upstream sends sign-ups to the login address too; a user centre with a sign-up address of its own gets people there.
    const target = (which === 'signUpRedirectUrl' && description.signUpRedirectUrl) || description.loginRedirectUrl;
    if (!sendable(target)) throw new AppError(503, 'error.plugin.unavailable', { err_type: 'toast' });
    const back = returnPath((request.query as { redirect?: unknown }).redirect);
    return reply.redirect(withReturnPath(target, await siteBase(runtime, request), back), 302);
  };
  app.get(`${UC}/login/redirect`, { config: { access: 'none', openapi: { query: returnPathQuery, redirect: true } } }, redirectTo('loginRedirectUrl'));
  app.get(`${UC}/sign-up/redirect`, { config: { access: 'none', openapi: { query: returnPathQuery, redirect: true } } }, redirectTo('signUpRedirectUrl'));

  // The user centre sends the person back here; failed callbacks count towards the address's login limit.
  const signingIn = { config: { access: 'none' as const, limits: ['login_ip' as const], countOn: 'failure' as const } };
  const callback = (which: 'loginCallback' | 'signUpCallback', path: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    // Only a callback of an active user centre is a sign-in attempt (a walk of every route is not).
    let attempt = false;
    try {
      const uc = await activeUserCenter(runtime);
      attempt = !!uc;
      const hook = uc?.hooks[which] ?? uc?.hooks.loginCallback;
      if (!uc || !hook) throw new AppError(404, 'base.not_found');
      const asked = { ...userCenterRequest(request), receiverUrl: `${await siteBase(runtime, request)}${UC}/${path}`, query: stringFields(request.query, 10_000), body: {}, state: {} };
      const connector = uc.entry.plugin?.connector;
      const person = checkExternalUser(
        await callHook(runtime, uc.entry, `userCenter.${which}`, () => hook(asked, uc.ctx), CALLBACK_TIMEOUT_MS, true),
        connector ? providerIdOf(connector, uc.ctx) : '',
      );
      const description = await describeUserCenter(runtime, uc, asked);
      if (description.mustAuthEmailEnabled && !(person.email && person.emailVerified)) throw new AppError(400, 'error.connector.email_needed');
      const resolved = await resolveAccount(runtime, uc.provider, person, request.ip);
      if ('confirmEmail' in resolved) {
        const key = await keepPendingBinding(runtime, { provider: uc.provider, person });
        return reply.redirect(`/users/confirm-email?binding_key=${encodeURIComponent(key)}`, 302);
      }
      const owned = await ownedFieldsOf(runtime, resolved.userId);
      if (owned) await syncOwnedProfile(runtime, resolved.userId, person, owned.fields);
      const token = await signInExternal(runtime, request, reply, resolved.userId);
      // The person's page was kept by the login page (the landing goes back to it).
      return reply.redirect(`/users/auth-landing?access_token=${encodeURIComponent(token)}`, 302);
    } catch (error) {
      request.log.warn({ reason: error instanceof AppError ? error.reason : 'error' }, 'user centre sign-in refused');
      if (attempt) markAttemptFailed(request);
      const reason = error instanceof AppError ? error.reason : 'error.connector.failed';
      return reply.redirect(`${AUTH_FAILED}?reason=${encodeURIComponent(reason)}`, 302);
    }
  };
  app.get(`${UC}/login/callback`, doc(signingIn, { redirect: true, summary: "The user centre's return (its own query fields)" }), callback('loginCallback', 'login/callback'));
  app.get(`${UC}/sign-up/callback`, doc(signingIn, { redirect: true, summary: "The user centre's return (its own query fields)" }), callback('signUpCallback', 'sign-up/callback'));

  // Where the member changes their profile and account at the user centre, and what of it is read-only here.
  app.get(`${UC}/user/settings`, { config: { access: 'auth', openapi: { response: 'UserCenterUserSettings' } } }, async (request, reply) => {
    const settings: UserCenterUserSettings = {
      profile_setting_agent: { enabled: false, redirect_url: '' },
      account_setting_agent: { enabled: false, redirect_url: '' },
      read_only_fields: [],
    };
    const uc = await activeUserCenter(runtime);
    const externalId = uc ? await externalIdOf(runtime, uc, request.user!.id) : null;
    if (!uc || !externalId) return send(request, reply, settings);
    settings.read_only_fields = (await ownedFieldsOf(runtime, request.user!.id))?.fields ?? [];
    if (uc.hooks.userSettings) {
      const links = await callHook(runtime, uc.entry, 'userCenter.userSettings', () => uc.hooks.userSettings!(externalId, uc.ctx)).catch(() => ({}));
      const profile = (links as { profileSettingRedirectUrl?: unknown }).profileSettingRedirectUrl;
      const account = (links as { accountSettingRedirectUrl?: unknown }).accountSettingRedirectUrl;
      if (sendable(profile)) settings.profile_setting_agent = { enabled: true, redirect_url: profile };
      if (sendable(account)) settings.account_setting_agent = { enabled: true, redirect_url: account };
    }
    return send(request, reply, settings);
  });

  // Links the user centre shows on a person's profile.
  app.get(`${UC}/personal/branding`, { config: { access: 'public', openapi: { query: userCenterBrandingQuery, response: 'UserCenterPersonalBranding' } } }, async (request, reply) => {
    const { username } = parseInput(userCenterBrandingQuery, request.query);
    const none: UserCenterPersonalBranding = { enabled: false, personal_branding: [] };
    const uc = await activeUserCenter(runtime);
    const user = uc ? await findUserByUsername(runtime.database, username) : undefined;
    const externalId = uc && user && Number(user.status) !== 10 ? await externalIdOf(runtime, uc, String(user.id)) : null;
    if (!uc || !externalId) return send(request, reply, none);
    const links = uc.hooks.personalBranding
      ? await callHook(runtime, uc.entry, 'userCenter.personalBranding', () => uc.hooks.personalBranding!(externalId, uc.ctx)).catch(() => [])
      : [];
    const list = (Array.isArray(links) ? links : []).filter((l) => sendable(l?.url)).map((l) => ({ icon: String(l.icon ?? ''), name: String(l.name ?? ''), label: String(l.label ?? ''), url: l.url }));
    return send(request, reply, { enabled: true, personal_branding: list } satisfies UserCenterPersonalBranding);
  });

  // The site's logout (as GET /user/logout), naming where the browser goes to end the user centre's session too.
  app.get(`${UC}/logout`, { config: { access: 'any-status', openapi: { response: 'UserCenterLogout' } } }, async (request, reply) => {
    const result: UserCenterLogout = { redirect_url: await providerLogoutUrl(runtime, request).catch(() => '') };
    await revokeSession(runtime, request.token);
    reply.clearCookie(VISIT_COOKIE, { path: '/' });
    return send(request, reply, result);
  });
}

/** The user centre's end-session address for the caller, or '' (no user centre, not known there, or nowhere to go). */
async function providerLogoutUrl(runtime: Runtime, request: FastifyRequest): Promise<string> {
  const uc: ActiveUserCenter | null = await activeUserCenter(runtime);
  if (!uc?.hooks.logoutUrl) return '';
  const externalId = await externalIdOf(runtime, uc, request.user!.id);
  if (!externalId) return '';
  const postLogoutRedirectUrl = `${await siteBase(runtime, request)}/`;
  const url = await callHook(runtime, uc.entry, 'userCenter.logoutUrl', () => uc.hooks.logoutUrl!({ externalId, postLogoutRedirectUrl }, uc.ctx));
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : '';
}
