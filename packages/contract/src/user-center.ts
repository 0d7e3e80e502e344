import { z } from 'zod';
import { text } from './text.js';
/**
 * The user centre (domain.md 15.1 UserCenter, spec section 1): a plugin that replaces the site's own
 * accounts with an external system. Replies of the `/user-center/*` calls in upstream's shapes,
 * and the in-app browsers the spec names, told apart by their User-Agent on server and web alike.
 */

/** The in-app browsers of the external agents the spec names (spec section 1). */
export const CLIENT_AGENTS = ['SegmentFault', 'WeChat', 'WeCom', 'DingTalk'] as const;
export type ClientAgent = (typeof CLIENT_AGENTS)[number];

/**
 * Each agent's mark in the User-Agent string, in the order they are tried: WeCom first, because
 * its in-app browser also says "MicroMessenger" (it is built on WeChat's).
 */
const AGENT_MARKS: readonly [ClientAgent, RegExp][] = [
  ['WeCom', /\bwxwork\//i],
  ['WeChat', /\bmicromessenger\//i],
  ['DingTalk', /\bdingtalk\//i],
  ['SegmentFault', /\bsegmentfault\b/i],
];

/** Which agent's in-app browser sent the request, or null for any other browser. */
export function detectClientAgent(userAgent: string | null | undefined): ClientAgent | null {
  if (!userAgent) return null;
  for (const [agent, mark] of AGENT_MARKS) if (mark.test(userAgent)) return agent;
  return null;
}

/** An entry of the user centre's own menu (upstream's control centre items). */
export interface UserCenterControlItem {
  name: string;
  label: string;
  url: string;
}

/** `agent_info` of `GET /user-center/agent`. */
export interface UserCenterAgentInfo {
  name: string;
  display_name: string;
  /** An SVG image, its text base64-encoded (as connector icons: the 1.4.0 client decodes it). */
  icon: string;
  /** The user centre's own site (a link in the header). */
  url: string;
  /** Where the login page sends people: the site's `/user-center/login/redirect`. */
  login_redirect_url: string;
  /** Where the sign-up page sends people: the site's `/user-center/sign-up/redirect`. */
  sign_up_redirect_url: string;
  control_center: UserCenterControlItem[];
  /** Whether the site's own e-mail and password accounts keep working beside the user centre. */
  enabled_original_user_system: boolean;
}

/** `GET /user-center/agent`: `{enabled: false, agent_info: null}` when no user centre is active. */
export interface UserCenterAgent {
  enabled: boolean;
  agent_info: UserCenterAgentInfo | null;
}

/** `GET /answer/admin/api/user-center/agent`: what the admin's user pages may still do. */
export interface UserCenterAdminAgent {
  allow_create_user: boolean;
  allow_update_user_status: boolean;
  allow_update_user_password: boolean;
  allow_update_user_role: boolean;
}

export interface UserSettingAgent {
  enabled: boolean;
  redirect_url: string;
}

/** Fields of a member's profile a user centre can own (read-only on the site while it does). */
export const USER_CENTER_PROFILE_FIELDS = ['display_name', 'username', 'email', 'avatar', 'bio', 'website', 'location'] as const;
export type UserCenterProfileField = (typeof USER_CENTER_PROFILE_FIELDS)[number];

/** `GET /user-center/user/settings`: where the member changes their profile and account at the user centre. */
export interface UserCenterUserSettings {
  profile_setting_agent: UserSettingAgent;
  account_setting_agent: UserSettingAgent;
  /**
   * Beyond upstream: the profile fields the user centre owns for this member (empty for a member
   * the user centre does not know): shown read-only, and a change is refused by the server.
   */
  read_only_fields: UserCenterProfileField[];
}

export interface UserCenterPersonalBrandingItem {
  icon: string;
  name: string;
  label: string;
  url: string;
}

/** `GET /user-center/personal/branding?username=`: links the user centre shows on a profile. */
export interface UserCenterPersonalBranding {
  enabled: boolean;
  personal_branding: UserCenterPersonalBrandingItem[];
}

/**
 * Beyond upstream, `GET /user-center/logout`: ends the site's session, as `GET /user/logout` does,
 * and names where the browser goes next to end the session at the user centre too ('' for nowhere).
 */
export interface UserCenterLogout {
  redirect_url: string;
}

/** GET /user-center/personal/branding. */
export const userCenterBrandingQuery = z.object({ username: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(100) });
/** GET /user-center/login/redirect and /sign-up/redirect: the site path to come back to. */
export const returnPathQuery = z.object({ redirect: text().optional() });
