import { REVIEW_SETTINGS_DEFAULTS, type ReviewSettings, type SiteQuestion, type SiteSecurity } from '@answer/contract';
import type {
  SiteBranding,
  SiteCustomCssHtml,
  SiteExternalLogin,
  SiteGeneral,
  SiteInfo,
  SiteInterface,
  SiteLogin,
  SiteSeo,
  SiteTheme,
  SiteUsers,
  SiteWrite,
} from '@answer/contract';
import { dialectOf } from '../../db/migrations/dialect.js';
import { AI_DEFAULTS, type AiStored } from '../ai/stored.js';
import { legacyCaptchaSwitch } from '../captcha/plugin.js';
import type { Runtime } from '../../runtime.js';
import { APP_REVISION, APP_VERSION } from '../../version.js';

/** Settings groups as stored in site_info.type (domain.md 13.1). */
export interface SiteSettings {
  general: SiteGeneral;
  interface: SiteInterface;
  branding: SiteBranding;
  login: SiteLogin;
  users: SiteUsers;
  write: SiteWrite;
  legal: Record<string, string>;
  seo: SiteSeo;
  theme: SiteTheme;
  'css-html': SiteCustomCssHtml;
  privileges: { level: number; custom_privileges?: unknown };
  /** The built-in review rules for new posts (features/review); private, all off by default. */
  review: ReviewSettings;
  /** Beyond 1.4.0: password length, session lifetime, captcha switch and abuse limits. */
  security: SiteSecurity;
  /** Beyond 1.4.0: title/body minimums, tags per question, answers to closed questions. */
  question: SiteQuestion;
  /** Beyond 1.4.0: who may sign up through connectors, their role, provider groups to roles. */
  external_login: SiteExternalLogin;
  /** Upstream 2.0: the MCP server for API keys (features/mcp); off by default. */
  mcp: { enabled: boolean };
  /** Issue 31: the AI provider (features/ai); its API key only encrypted. Never sent as it is. */
  ai: AiStored;
}

/** Defaults fill any field a stored group lacks, so replies always carry every field. */
const DEFAULTS: SiteSettings = {
  general: { name: 'Answer', short_description: '', description: '', site_url: '', contact_email: '', check_update: false },
  interface: { language: 'en_US', time_zone: 'UTC' },
  branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
  login: {
    allow_new_registrations: true,
    allow_email_registrations: true,
    allow_password_login: true,
    login_required: false,
    allow_email_domains: [],
  },
  users: {
    default_avatar: 'system',
    gravatar_base_url: 'https://www.gravatar.com/avatar/',
    allow_update_display_name: true,
    allow_update_username: true,
    allow_update_avatar: true,
    allow_update_bio: true,
    allow_update_website: true,
    allow_update_location: true,
  },
  write: { restrict_answer: true, required_tag: false, recommend_tags: [], reserved_tags: [] },
  legal: {
    terms_of_service_original_text: '',
    terms_of_service_parsed_text: '',
    privacy_policy_original_text: '',
    privacy_policy_parsed_text: '',
  },
  seo: { permalink: 2, robots: '' },
  theme: {
    theme: 'default',
    theme_config: { default: { navbar_style: 'colored', primary_color: '#0033ff' } },
    color_scheme: 'system',
  },
  'css-html': { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
  privileges: { level: 2 },
  review: REVIEW_SETTINGS_DEFAULTS,
  security: { password_min_length: 8, session_lifetime_days: 7, captcha_enabled: true, limits: {} },
  question: { min_title_length: 1, min_body_length: 1, max_tags: 10, allow_answer_closed: false },
  external_login: { sign_up: 'anyone', allowed_domains: [], new_user_role: 'user', role_mapping: [] },
  mcp: { enabled: false },
  ai: AI_DEFAULTS,
};

const CACHE_KEY = 'answer:site-settings';
const CACHE_SECONDS = 3600;

/** Before installation (no database) the defaults are served, so the installer pages can boot. */
export async function loadSiteSettings(runtime: Runtime): Promise<SiteSettings> {
  if (!runtime.installed || !runtime.db) return DEFAULTS;
  const cached = await runtime.cache.get<SiteSettings>(CACHE_KEY);
  if (cached) return cached;
  const rows = await runtime.db.selectFrom('site_info').select(['type', 'content']).where('status', '=', 1).execute();
  const settings = structuredClone(DEFAULTS) as unknown as Record<string, Record<string, unknown>>;
  for (const row of rows) {
    if (!(row.type in settings)) continue;
    try {
      Object.assign(settings[row.type]!, JSON.parse(row.content));
    } catch {
      // A hand-edited, unparsable group keeps its defaults rather than taking the site down.
    }
  }
  if (!rows.some((r) => r.type === 'security')) settings.security!.captcha_enabled = await legacyCaptchaSwitch(runtime.db);
  await runtime.cache.set(CACHE_KEY, settings, CACHE_SECONDS);
  return settings as unknown as SiteSettings;
}

export async function forgetSiteSettings(runtime: Runtime): Promise<void> {
  await runtime.invalidate(CACHE_KEY);
}

/** Saves one whole group (an upsert on the unique `type`) and drops the cached settings. */
export async function saveSiteGroup<K extends keyof SiteSettings>(runtime: Runtime, type: K, content: SiteSettings[K]): Promise<void> {
  const db = runtime.database;
  const t = Math.floor(Date.now() / 1000);
  const json = JSON.stringify(content);
  const insert = db.insertInto('site_info').values({ type, content: json, status: 1, created_at: t, updated_at: t });
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate({ content: json, status: 1, updated_at: t })
    : insert.onConflict((oc) => oc.column('type').doUpdateSet({ content: json, status: 1, updated_at: t }))
  ).execute();
  await forgetSiteSettings(runtime);
}

/** The public aggregate (domain.md 13.2): SMTP and privileges stay private, except whether mail can be sent. */
export function presentSiteInfo(s: SiteSettings, mail: { configured: boolean }): SiteInfo {
  return {
    general: { ...s.general, permalink: s.seo.permalink },
    interface: s.interface,
    branding: s.branding,
    login: s.login,
    theme: s.theme,
    custom_css_html: s['css-html'],
    site_seo: s.seo,
    site_users: s.users,
    site_write: s.write,
    version: APP_VERSION,
    revision: APP_REVISION,
    smtp_configured: mail.configured,
    site_security: { password_min_length: s.security.password_min_length },
    site_question: s.question,
    site_legal: { tos: Boolean(s.legal.terms_of_service_original_text?.trim()), privacy: Boolean(s.legal.privacy_policy_original_text?.trim()) },
    ai_enabled: s.ai.enabled && s.ai.ai_providers.some((p) => p.provider === s.ai.chosen_provider),
  };
}
