import { z } from 'zod';
/** Shapes of the public site settings aggregate (GET /siteinfo). */
export interface SiteGeneral {
  name: string;
  short_description: string;
  description: string;
  site_url: string;
  contact_email: string;
  check_update: boolean;
  permalink?: number;
}
export interface SiteInterface { language: string; time_zone: string }
export interface SiteBranding { logo: string; mobile_logo: string; square_icon: string; favicon: string }
export interface SiteLogin {
  allow_new_registrations: boolean;
  allow_email_registrations: boolean;
  allow_password_login: boolean;
  login_required: boolean;
  allow_email_domains: string[];
}
export interface SiteCustomCssHtml {
  custom_head: string;
  custom_css: string;
  custom_header: string;
  custom_footer: string;
  custom_sidebar: string;
}
export interface SiteTheme {
  theme: string;
  theme_config: Record<string, { navbar_style?: string; primary_color?: string }>;
  color_scheme: string;
  theme_options?: { label: string; value: string }[];
}
export interface SiteSeo { permalink: number; robots: string }
export interface SiteUsers {
  default_avatar: 'system' | 'gravatar';
  gravatar_base_url: string;
  allow_update_display_name: boolean;
  allow_update_username: boolean;
  allow_update_avatar: boolean;
  allow_update_bio: boolean;
  allow_update_website: boolean;
  allow_update_location: boolean;
}
export interface TagRef { slug_name: string; display_name: string }
export interface SiteWrite {
  restrict_answer: boolean;
  required_tag: boolean;
  recommend_tags: TagRef[];
  reserved_tags: TagRef[];
}
export interface SiteInfo {
  general: SiteGeneral;
  interface: SiteInterface;
  branding: SiteBranding;
  login: SiteLogin;
  theme: SiteTheme;
  custom_css_html: SiteCustomCssHtml;
  site_seo: SiteSeo;
  site_users: SiteUsers;
  site_write: SiteWrite;
  version: string;
  revision: string;
  /** Not in Answer 1.4: whether an SMTP server is set, so pages never claim an e-mail was sent when none can be. */
  smtp_configured: boolean;
  /** Not in Answer 1.4 (security group): what sign-up and password forms must check. */
  site_security: { password_min_length: number };
  /** Not in Answer 1.4 (question group): the rules the ask and answer forms apply. */
  site_question: { min_title_length: number; min_body_length: number; max_tags: number; allow_answer_closed: boolean };
  /** Not in Answer 1.4: which legal documents the owner has published, so no page links to an empty one. */
  site_legal: { tos: boolean; privacy: boolean };
  /** Upstream 2.0's field: the assistant is on, with a provider (`/ai`). */
  ai_enabled: boolean;
}
export interface LanguageOption { label: string; value: string }

export const legalQuery = z.object({ info_type: z.enum(['tos', 'privacy'], { message: 'error.common.invalid' }) });
/** GET /siteinfo/legal: the requested document's non-empty fields only. */
export interface LegalDocument {
  terms_of_service_original_text?: string;
  terms_of_service_parsed_text?: string;
  privacy_policy_original_text?: string;
  privacy_policy_parsed_text?: string;
}
/** GET /language/config: the UI translations of the request's language (the locale bundle's `ui`). */
export type UiTranslations = Record<string, unknown>;
