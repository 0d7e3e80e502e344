/** Reply shapes the web reads that the contract package does not define (yet). */

/** The user's own avatar choice; `gravatar` is the Gravatar URL for their address. */
export interface AvatarInfo {
  /** 'default' or '' = the site's default, else 'system' | 'gravatar' | 'custom' */
  type: string;
  gravatar: string;
  /** An uploaded file, "/uploads/avatar/..." */
  custom: string;
}

/** GET user/info and the login replies (ui-api-calls.md, "current user info"). */
export interface UserInfo {
  id: string;
  access_token: string;
  username: string;
  display_name: string;
  avatar: AvatarInfo;
  e_mail?: string;
  bio?: string;
  bio_html?: string;
  website?: string;
  location?: string;
  rank?: number;
  /** 'normal' | 'suspended' | 'deleted' | 'inactive' */
  status: string;
  /** When a suspension ends by itself (Unix seconds); 0 = until lifted. Our server only. */
  suspended_until?: number;
  /** 1 activated, 2 not activated */
  mail_status: number;
  /** 1 user, 2 admin, 3 moderator */
  role_id: number;
  language?: string;
  color_scheme?: string;
  have_password?: boolean;
}

export interface UcAgentInfo {
  name?: string;
  icon?: string;
  url?: string;
  display_name?: string;
  login_redirect_url?: string;
  sign_up_redirect_url?: string;
  enabled_original_user_system?: boolean;
  control_center?: { name: string; label: string; url: string }[];
}

/** GET user-center/agent: the external login agent, if a plugin provides one. */
export interface UcAgent {
  enabled: boolean;
  agent_info: UcAgentInfo | null;
}

export interface PluginStatus {
  slug_name: string;
  enabled: boolean;
}

/** An enabled plugin's browser part (GET /plugin/web, and the page's initial data): what plugins/ loads. */
export interface PluginWebPart {
  slug_name: string;
  /** The ES module to import, a path on this site (e.g. /plugins/maths/web.js); null for styles only. */
  module: string | null;
  /** Stylesheet paths; a page the server rendered links them in its <head> already. */
  styles: string[];
  /** What the plugin's server part lets the browser see. */
  config: Record<string, unknown>;
  /** The pages the module adds under the main layout (at /{path}). */
  pages: { path: string; title: string }[];
}

export type LegalType = 'tos' | 'privacy';

/** GET siteinfo/legal: only the requested document's fields are present. */
export interface LegalInfo {
  terms_of_service_original_text?: string;
  terms_of_service_parsed_text?: string;
  privacy_policy_original_text?: string;
  privacy_policy_parsed_text?: string;
}
