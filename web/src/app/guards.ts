import type { SiteInfo } from '@answer/contract';
import type { PluginStatus, UcAgent } from '../api/types';
import type { LoginState } from './login-state';
import { ROUTES, isLoginFlowPath } from './paths';

/**
 * A guard's verdict: show the page, go elsewhere (`remember` = come back here after logging in,
 * `resume` = go to the page remembered before logging in instead of `to` when there is one,
 * `external` = a full navigation to another site), or show the 403 / 404 page in place.
 */
export type GuardResult =
  | { kind: 'ok' }
  | { kind: 'redirect'; to: string; remember?: boolean; resume?: boolean; external?: boolean }
  | { kind: 'forbidden'; msg?: string }
  | { kind: 'notFound' };

export interface GuardContext {
  login: LoginState;
  site: SiteInfo | null;
  agent: UcAgent | null;
  plugins: PluginStatus[];
  params: Readonly<Record<string, string | undefined>>;
  location: { host: string; pathname: string; search: string };
}

export type Guard = (ctx: GuardContext) => GuardResult;

const OK: GuardResult = { kind: 'ok' };
const HOME: GuardResult = { kind: 'redirect', to: ROUTES.home };
const TO_LOGIN: GuardResult = { kind: 'redirect', to: ROUTES.login, remember: true };
const FORBIDDEN: GuardResult = { kind: 'forbidden' };
const TO_INACTIVE: GuardResult = { kind: 'redirect', to: ROUTES.inactive };
const TO_SUSPENDED: GuardResult = { kind: 'redirect', to: ROUTES.suspended };

/** The first guard that does not let the page show decides. */
export const all =
  (...guards: Guard[]): Guard =>
  (ctx) => {
    for (const guard of guards) {
      const result = guard(ctx);
      if (result.kind !== 'ok') return result;
    }
    return OK;
  };

export const loggedIn: Guard = ({ login }) => (login.isLoggedIn ? OK : TO_LOGIN);

export const notLoggedIn: Guard = ({ login }) => (login.isLoggedIn ? HOME : OK);

export const notActivated: Guard = ({ login }) => (login.isActivated ? HOME : OK);

/** Writing needs a confirmed e-mail: visitors log in first, unconfirmed users see the notice. */
export const activated: Guard = (ctx) => {
  if (!ctx.login.isLoggedIn) return TO_LOGIN;
  return ctx.login.isNotActivated ? TO_INACTIVE : OK;
};

export const forbiddenOnly: Guard = ({ login }) => (login.isForbidden ? OK : HOME);

export const notForbidden: Guard = ({ login }) => (login.isForbidden ? TO_SUSPENDED : OK);

/** Staff pages answer 403 in place rather than redirecting, so the URL can be shared. */
export const admin: Guard = (ctx) => {
  if (!ctx.login.isLoggedIn) return TO_LOGIN;
  return ctx.login.isAdmin ? OK : FORBIDDEN;
};

export const adminOrModerator: Guard = (ctx) => {
  if (!ctx.login.isLoggedIn) return TO_LOGIN;
  return ctx.login.isAdmin || ctx.login.isModerator ? OK : FORBIDDEN;
};

export const allowNewRegistrations: Guard = ({ site }) => (site?.login.allow_new_registrations === false ? HOME : OK);

/** A private site sends visitors to the login page, except on the pages that get them in. */
export const loginRequired: Guard = ({ login, site, location }) =>
  site?.login.login_required && !login.isLoggedIn && !isLoginFlowPath(location.pathname) ? TO_LOGIN : OK;

/** An enabled login agent replaces our login page unless our own accounts stay usable. */
const agentTakesOver = (agent: UcAgent | null, url: string | undefined): url is string =>
  Boolean(agent?.enabled && url && !agent.agent_info?.enabled_original_user_system);

/**
 * The login page: for visitors, and for users who must confirm their e-mail (it shows that notice).
 * Logging in there re-runs this guard, which is what takes the user on: a suspended account to its
 * notice, anyone else back to the page they were on before.
 */
export const loginPage: Guard = (ctx) => {
  if (ctx.login.isForbidden) return TO_SUSPENDED;
  if (ctx.login.isLoggedIn && !ctx.login.isNotActivated) return { kind: 'redirect', to: ROUTES.home, resume: true };
  const url = ctx.agent?.agent_info?.login_redirect_url;
  return agentTakesOver(ctx.agent, url) ? { kind: 'redirect', to: url, external: true } : OK;
};

/** Signing up logs the new, unconfirmed user in: this guard then shows them the "check your e-mail" notice. */
export const signUpPage: Guard = (ctx) => {
  const url = ctx.agent?.agent_info?.sign_up_redirect_url;
  if (ctx.agent?.enabled && url) return { kind: 'redirect', to: url, external: true };
  if (ctx.login.isNotActivated) return TO_INACTIVE;
  return all(allowNewRegistrations, notLoggedIn)(ctx);
};

const WEB_CACHE_HOST = 'webcache.googleusercontent.com';

/**
 * A search engine's cached copy of a page loads the app on the cache host with q=cache:<id>:<url>;
 * send the reader to the path of the cached page instead of a search for that string.
 */
export const webCacheRedirect: Guard = ({ location }) => {
  if (location.host !== WEB_CACHE_HOST) return OK;
  const q = new URLSearchParams(location.search).get('q') ?? '';
  const url = q.startsWith('cache:') ? /https?:\/\/\S+/.exec(q)?.[0] : undefined;
  if (!url) return OK;
  try {
    const target = new URL(url);
    return { kind: 'redirect', to: `${target.pathname}${target.search}${target.hash}` || ROUTES.home };
  } catch {
    return OK;
  }
};

/** What the "may I edit this?" preload returned: its envelope code and message. */
export interface EditCheck {
  code: number;
  msg?: string;
}

/** An edit page whose check came back 400 shows 403 with the server's reason. */
export const editable = (check: EditCheck): GuardResult =>
  check.code === 400 ? { kind: 'forbidden', msg: check.msg } : OK;

/** A page a plugin adds (its slug in the URL) exists only while that plugin is enabled. */
export const enabledPlugin: Guard = ({ plugins, params }) =>
  plugins.some((p) => p.slug_name === params.slug_name && p.enabled) ? OK : { kind: 'notFound' };
