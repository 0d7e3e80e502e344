import { z } from 'zod';
import { isBrandingImageRef } from './branding-images.js';
import { LIMITS } from './limits.js';
import { text } from './text.js';

/**
 * Request bodies of the admin settings groups (`PUT /answer/admin/api/siteinfo/<group>`, domain.md 13.1),
 * shared by the server (validation) and the web (form checks). Every field a 1.4.0 client may leave out
 * has a default, so an older client's partial body still saves. Reasons are i18n keys.
 */
const bool = (fallback: boolean) => z.boolean({ message: 'error.common.invalid' }).optional().default(fallback);
const long = (max: number) => text().max(max, { message: 'error.common.too_long' });
const bounded = (min: number, max: number) =>
  text('error.common.required').trim().min(min, { message: min <= 1 ? 'error.common.required' : 'error.common.too_short' }).max(max, { message: 'error.common.too_long' });
const optionalBounded = (min: number, max: number) =>
  z.union([z.literal(''), bounded(min, max)]).optional().default('');
const int = (min: number, max: number) =>
  z.coerce
    .number({ message: 'error.common.invalid' })
    .int({ message: 'error.common.invalid' })
    .min(min, { message: 'error.common.out_of_range' })
    .max(max, { message: 'error.common.out_of_range' });

export const siteGeneralSchema = z.object({
  name: bounded(2, 128),
  short_description: optionalBounded(4, 255),
  description: optionalBounded(4, 2000),
  /** Normalised by the server to scheme://host[/path] without a trailing slash. */
  site_url: bounded(2, LIMITS.siteUrlMax).url({ message: 'error.common.invalid_url' }),
  contact_email: text('error.common.required').trim().max(LIMITS.emailMax, { message: 'error.common.too_long' }).email({ message: 'error.common.email_invalid' }),
  /** Off by default: the dashboard asks no outside update server unless the owner turns it on. */
  check_update: bool(false),
});

export const siteInterfaceSchema = z.object({
  /** Must name an installed language bundle (the server answers error.lang.not_found otherwise). */
  language: bounded(1, 128),
  /** An IANA time zone name. */
  time_zone: bounded(2, 128),
});

/** Each is the URL of an uploaded image (POST /file with source=branding), another http(s) image URL, or empty. */
const brandingImage = () => long(512).refine(isBrandingImageRef, { message: 'error.common.invalid_url' }).optional().default('');
export const siteBrandingSchema = z.object({
  logo: brandingImage(),
  mobile_logo: brandingImage(),
  square_icon: brandingImage(),
  favicon: brandingImage(),
});

/** Address suffixes (example.com); duplicates and a leading @ are dropped. */
const domainList = () =>
  z
    .array(text().trim().toLowerCase().max(256, { message: 'error.common.too_long' }), { message: 'error.common.invalid' })
    .max(200, { message: 'error.common.too_long' })
    .optional()
    .default([])
    .transform((list) => [...new Set(list.map((d) => d.replace(/^@/, '')).filter(Boolean))]);

export const siteLoginSchema = z.object({
  allow_new_registrations: bool(true),
  allow_email_registrations: bool(true),
  allow_password_login: bool(true),
  login_required: bool(false),
  /** Empty means every domain. */
  allow_email_domains: domainList(),
});

/** Who may get a new account by signing in through a connector. */
export const EXTERNAL_SIGN_UP = ['anyone', 'allowed_domains', 'nobody'] as const;
/** Roles a connector may give: new people's role, and what a provider's group maps to. */
export const EXTERNAL_ROLES = ['user', 'moderator', 'admin'] as const;

/**
 * Beyond 1.4.0, `GET|PUT /answer/admin/api/siteinfo/external-login` (Admin → Login): the policy for
 * people who sign in through connectors (docs/sign-in.md). The login group's switches still apply
 * to everyone: no new registrations means nobody new through a connector either.
 */
export const siteExternalLoginSchema = z.object({
  sign_up: z.enum(EXTERNAL_SIGN_UP, { message: 'error.common.invalid' }).optional().default('anyone'),
  /** With `allowed_domains`: the addresses that may get a new account through a connector. */
  allowed_domains: domainList(),
  /** The role of a person a connector brings in for the first time (administrators only by mapping). */
  new_user_role: z.enum(['user', 'moderator'], { message: 'error.common.invalid' }).optional().default('user'),
  /** A provider group (OIDC groups claim, LDAP group, SAML attribute) that makes its members staff; checked at every sign-in. */
  role_mapping: z
    .array(
      z.object({
        group: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(200, { message: 'error.common.too_long' }),
        role: z.enum(['moderator', 'admin'], { message: 'error.common.invalid' }),
      }),
      { message: 'error.common.invalid' },
    )
    .max(100, { message: 'error.common.too_long' })
    .optional()
    .default([]),
});
export type SiteExternalLogin = z.infer<typeof siteExternalLoginSchema>;

export const DEFAULT_AVATARS = ['system', 'gravatar'] as const;
export const siteUsersSchema = z.object({
  default_avatar: z.enum(DEFAULT_AVATARS, { message: 'error.common.invalid' }),
  gravatar_base_url: z.union([z.literal(''), long(512).url({ message: 'error.common.invalid_url' })]).optional().default(''),
  allow_update_display_name: bool(true),
  allow_update_username: bool(true),
  allow_update_avatar: bool(true),
  allow_update_bio: bool(true),
  allow_update_website: bool(true),
  allow_update_location: bool(true),
});

const tagRef = z.object({
  slug_name: text('error.common.required').trim().min(1, { message: 'error.common.required' }).max(LIMITS.tagNameMax, { message: 'error.tag.too_long' }),
  display_name: text().trim().max(LIMITS.tagNameMax, { message: 'error.tag.too_long' }).optional().default(''),
});
const tagRefs = z.array(tagRef, { message: 'error.common.invalid' }).max(100, { message: 'error.common.too_long' }).optional().default([]);
export const siteWriteSchema = z.object({
  restrict_answer: bool(true),
  required_tag: bool(false),
  /** Tags must exist (the server answers error.tag.not_found naming the missing one). */
  recommend_tags: tagRefs,
  reserved_tags: tagRefs,
});

/** Only the Markdown sources count: the server renders and sanitises the HTML itself (a client's `*_parsed_text` is ignored). */
export const siteLegalSchema = z.object({
  terms_of_service_original_text: long(65536).optional().default(''),
  terms_of_service_parsed_text: long(262144).optional().default(''),
  privacy_policy_original_text: long(65536).optional().default(''),
  privacy_policy_parsed_text: long(262144).optional().default(''),
});

/** 1 /questions/{id}/{title}, 2 /questions/{id}, 3 like 1 with short ids, 4 like 2 with short ids. */
export const PERMALINK_STYLES = [1, 2, 3, 4] as const;
export const siteSeoSchema = z.object({
  permalink: int(LIMITS.permalinkMin, LIMITS.permalinkMax),
  robots: text('error.common.required').max(65536, { message: 'error.common.too_long' }).refine((s) => s.trim() !== '', { message: 'error.common.required' }),
});

export const siteCustomCssHtmlSchema = z.object({
  custom_head: long(65536).optional().default(''),
  custom_css: long(65536).optional().default(''),
  custom_header: long(65536).optional().default(''),
  custom_footer: long(65536).optional().default(''),
  custom_sidebar: long(65536).optional().default(''),
});

export const NAVBAR_STYLES = ['colored', 'light'] as const;
/** The site's colour scheme (a user's own adds 'default', meaning the site's). */
export const SITE_COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
export const THEMES = ['default'] as const;
export const siteThemeSchema = z.object({
  theme: z.enum(THEMES, { message: 'error.common.invalid' }),
  theme_config: z
    .record(
      text().max(255),
      z.object({
        navbar_style: z.enum(NAVBAR_STYLES, { message: 'error.common.invalid' }).optional().default('colored'),
        primary_color: text()
          .regex(/^#[0-9a-fA-F]{6}$/, { message: 'error.common.color_invalid' })
          .optional()
          .default('#0033ff'),
      }),
      { message: 'error.common.invalid' },
    )
    .optional()
    .default({ default: { navbar_style: 'colored', primary_color: '#0033ff' } }),
  color_scheme: z.enum(SITE_COLOR_SCHEMES, { message: 'error.common.invalid' }).optional().default('system'),
  /** Sent back by 1.4.0 clients; ignored. */
  theme_options: z.unknown().optional(),
});

/** Beyond 1.4.0 (Answer 2.0's groups): account security. */
export const siteSecuritySchema = z.object({
  password_min_length: int(LIMITS.passwordMin, LIMITS.passwordMax).optional().default(LIMITS.passwordMin),
  /** How long a sign-in lasts without use, in days. */
  session_lifetime_days: int(1, 365).optional().default(LIMITS.tokenLifetimeSeconds / 86400),
  /** The built-in captcha (plugin basic_captcha); off leaves only the hard limits. */
  captcha_enabled: bool(true),
  /**
   * Overrides of the abuse limits (server features/captcha/limits.ts): per action a captcha rule
   * `{count, windowSeconds, minGapSeconds?}`, per hard limit `{max, windowSeconds}`. Unknown names refused.
   */
  limits: z
    .object({
      captcha: z
        .record(
          text().max(64),
          z.object({ count: int(1, 100_000), windowSeconds: int(1, 31 * 86400), minGapSeconds: int(0, 86400).optional() }),
        )
        .optional(),
      login_account: z.object({ count: int(1, 100_000), windowSeconds: int(1, 31 * 86400) }).optional(),
      hard: z.record(text().max(64), z.object({ max: int(1, 1_000_000), windowSeconds: int(1, 31 * 86400) })).optional(),
    })
    .optional()
    .default({}),
});

/** Beyond 1.4.0: rules for questions. */
export const siteQuestionSchema = z.object({
  min_title_length: int(1, LIMITS.questionTitleMax).optional().default(1),
  min_body_length: int(1, 65535).optional().default(1),
  max_tags: int(1, 10).optional().default(10),
  /** Whether a closed question still takes new answers. */
  allow_answer_closed: bool(false),
});

export type SiteSecurity = z.infer<typeof siteSecuritySchema>;
export type SiteQuestion = z.infer<typeof siteQuestionSchema>;

/** URL name → stored site_info type and its schema. */
export const SITE_SETTING_GROUPS = {
  general: { type: 'general', schema: siteGeneralSchema },
  interface: { type: 'interface', schema: siteInterfaceSchema },
  branding: { type: 'branding', schema: siteBrandingSchema },
  login: { type: 'login', schema: siteLoginSchema },
  users: { type: 'users', schema: siteUsersSchema },
  write: { type: 'write', schema: siteWriteSchema },
  legal: { type: 'legal', schema: siteLegalSchema },
  seo: { type: 'seo', schema: siteSeoSchema },
  'custom-css-html': { type: 'css-html', schema: siteCustomCssHtmlSchema },
  theme: { type: 'theme', schema: siteThemeSchema },
  security: { type: 'security', schema: siteSecuritySchema },
  question: { type: 'question', schema: siteQuestionSchema },
  'external-login': { type: 'external_login', schema: siteExternalLoginSchema },
} as const;
export type SiteSettingGroup = keyof typeof SITE_SETTING_GROUPS;

/** `GET /answer/admin/api/dashboard` (domain.md 13.5 plus operator figures). */
export interface DashboardInfo {
  question_count: number;
  answer_count: number;
  comment_count: number;
  vote_count: number;
  user_count: number;
  /** Pending flags + queued posts + suggested edits. */
  report_count: number;
  /** Whether the uploads directory takes new files (upstream's client shows writable / not writable). */
  uploading_files: boolean;
  smtp: 'enabled' | 'not_configured';
  https: boolean;
  time_zone: string;
  /** Space used by uploads, formatted as upstream does ("4.50 MB"); the bytes are in `operator`. */
  occupying_storage_space: string;
  /** Seconds since the server started, as a decimal string (upstream's shape; the client shows the uptime). */
  app_start_time: string;
  login_required: boolean;
  /** 1.4.0 clients show it; here the Node.js version. */
  go_version: string;
  database_type: 'sqlite' | 'postgres' | 'mysql';
  database_version: string;
  /** Formatted as upstream does ("4.50 MB"); the bytes are in `operator`. */
  database_size: string;
  version_info: { version: string; revision: string; remote_version: string };
  /** New questions, answers and users per day (UTC), oldest first, the last 30 days. */
  daily: { date: string; question_count: number; answer_count: number; user_count: number }[];
  operator: {
    node_version: string;
    memory_rss: number;
    heap_used: number;
    uptime_seconds: number;
    /** When the server started (unix seconds). */
    started_at: number;
    database_bytes: number;
    storage_bytes: number;
    upload_files: number;
    outbox_pending: number;
    outbox_failed: number;
    outbox_last_error: string;
    redis: boolean;
  };
}

/** Actions whose reputation threshold the privilege levels set (domain.md 4.2), in the stored order. */
export const PRIVILEGE_KEYS = [
  'question.add',
  'answer.add',
  'comment.add',
  'report.add',
  'comment.vote_up',
  'link.url_limit',
  'question.vote_up',
  'answer.vote_up',
  'question.vote_down',
  'answer.vote_down',
  'answer.invite_someone_to_answer',
  'tag.add',
  'tag.edit',
  'question.edit',
  'answer.edit',
  'question.edit_without_review',
  'answer.edit_without_review',
  'question.audit',
  'answer.audit',
  'tag.audit',
  'tag.edit_without_review',
  'tag.synonym',
] as const;

/** PUT /answer/admin/api/setting/privileges: a preset level (1-3) or 99 with custom thresholds. */
export const privilegeSettingsSchema = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(99)], { message: 'error.privilege.level_invalid' }),
  custom_privileges: z
    .array(z.object({ key: z.enum(PRIVILEGE_KEYS, { message: 'error.common.invalid' }), value: z.number().int().min(1, { message: 'error.privilege.value_min' }) }))
    .optional()
    .default([]),
});
/** GET /permission: comma-separated action names. */
export const permissionQuery = z.object({ action: text().min(1).max(1000) });

/** GET /answer/admin/api/setting/privileges. */
export interface PrivilegeSettings {
  options: { level: number; level_desc: string; privileges: { key: string; label: string; value: number }[] }[];
  selected_level: number;
}
/** GET /permission: per asked action. */
/** `GET /permission`; `need_reputation` (not in Answer 1.4) is the reputation the action needs, 0 when a role decides. */
export type PermissionResult = Record<string, { has_permission: boolean; no_permission_tip: string; need_reputation: number }>;
/** GET /answer/admin/api/setting/smtp (the password masked). */
export interface SmtpSettingsReply {
  from_email: string;
  from_name: string;
  smtp_host: string;
  smtp_port: number;
  /** "SSL" = implicit TLS, "TLS" = STARTTLS, "" = plain. */
  encryption: '' | 'SSL' | 'TLS';
  smtp_username: string;
  smtp_password: string;
  smtp_authentication: boolean;
  test_email_recipient: string;
}
/** One of GET /answer/admin/api/theme/options. */
export interface ThemeOption {
  label: string;
  value: string;
}
/** GET /answer/admin/api/dashboard. */
export interface DashboardReply {
  info: DashboardInfo;
}
