/**
 * The hooks of each plugin type (domain.md 15.1, upstream's `plugin/*.go`). Every hook gets the
 * plugin's context (context.ts) as its last argument. The host calls a hook with a time limit and
 * catches what it throws: a failing plugin is marked failed on the admin plugins page and the core
 * falls back to its own behaviour (built-in search, local storage, no captcha beyond hard limits).
 */
import type { PluginContext } from './context.js';
import type { Translatable } from './translatable.js';

// ---------------------------------------------------------------- connector and user centre

/** A person as an external identity system describes them (upstream's `ExternalLoginUserInfo`). */
export interface ExternalUser {
  /** Stable id of the person at the provider (never an e-mail address that can change). */
  externalId: string;
  displayName?: string;
  username?: string;
  email?: string;
  /** Whether the provider vouches for the address (OIDC `email_verified`). */
  emailVerified?: boolean;
  avatar?: string;
  /** Groups or roles at the provider, for mapping rules. */
  groups?: string[];
  /** Kept with the binding (JSON text), e.g. the provider's raw claims. */
  metaInfo?: string;
}

/** An incoming request at a connector's receiver URL: query (redirect flows) or form body (SAML's POST binding). */
export interface ConnectorRequest {
  /** This connector's receiver URL on this site, to give the provider as the redirect URL. */
  receiverUrl: string;
  query: Record<string, string>;
  body: Record<string, string>;
  /** Values the sender stored for this sign-in (state, nonce, PKCE verifier); kept server-side, single use. */
  state: Record<string, string>;
}

/**
 * Sign-in through an external identity system. Redirect flows (OAuth 2, OIDC, SAML) implement
 * `sender` and `receiver`; form flows (LDAP) implement `login`, called with the name and password
 * typed into the site's own login form.
 */
export interface ConnectorHooks {
  /** The connector's slug in its URLs (/connector/login/{slug}); default: the plugin's slug. */
  slug?: string;
  /** The button's label, e.g. "GitHub". */
  name: Translatable;
  /** The button's icon: an SVG image, inline. */
  logoSvg: string;
  /** Where to send the person to sign in, and what to keep for the receiver (state, nonce, verifier). */
  sender?(request: { receiverUrl: string }, ctx: PluginContext): Promise<{ redirectUrl: string; state?: Record<string, string> }>;
  /** The person the provider sends back; throw to refuse (the person sees /user-center/auth-failed). */
  receiver?(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser>;
  /** A form sign-in (LDAP): the person, or null for wrong credentials. */
  login?(credentials: { username: string; password: string }, ctx: PluginContext): Promise<ExternalUser | null>;
  /**
   * The site's service provider metadata (SAML), XML text: served at
   * /answer/api/v1/connector/metadata/{slug} for the provider's administrator.
   */
  metadata?(request: { receiverUrl: string }, ctx: PluginContext): Promise<string>;
}

/** A user centre replacing the native account system (upstream's UserCenter; issue 27 fills it in). */
export interface UserCenterHooks {
  description(ctx: PluginContext): {
    name: string;
    displayName: Translatable;
    icon: string;
    url: string;
    loginRedirectUrl: string;
    signUpRedirectUrl: string;
    rankAgentEnabled: boolean;
    userStatusAgentEnabled: boolean;
    userRoleAgentEnabled: boolean;
    mustAuthEmailEnabled: boolean;
    enabledOriginalUserSystem: boolean;
  };
  loginCallback?(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser>;
  signUpCallback?(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser>;
}

// ---------------------------------------------------------------- search

export interface SearchContent {
  /** Question or answer id, as the API presents it. */
  objectId: string;
  type: 'question' | 'answer';
  title: string;
  /** Markdown source. */
  content: string;
  /** The question's id (an answer's question; a question's own). */
  questionId: string;
  userId: string;
  tags: string[];
  answers: number;
  score: number;
  accepted: boolean;
  /** 1 available, 2 closed, 10 deleted... as stored. */
  status: number;
  createdAt: number;
  activeAt: number;
}

export interface SearchQuery {
  /** Free words of the query, lower-cased. */
  words: string[];
  /** Tag slugs, each the main tag's (a synonym asked for is given as its main tag). */
  tags: string[];
  /** Only this author's posts. */
  userId?: string;
  type: 'all' | 'question' | 'answer';
  order: 'relevance' | 'newest' | 'active' | 'score';
  /** is:accepted, is:notaccepted, answers:n, score:n filters. */
  accepted?: boolean;
  notAccepted?: boolean;
  /** answers:n and score:n; 0 means "none" (answers:0 is an unanswered question). */
  minAnswers?: number;
  minScore?: number;
  page: number;
  pageSize: number;
}

export interface SearchHooks {
  /** Shown under the results ("Search powered by ..."; `GET /search/desc`). */
  description?: { icon?: string; link?: string; name?: Translatable };
  /** Matching ids in order; the host checks visibility and loads the posts. */
  search(query: SearchQuery, ctx: PluginContext): Promise<{ results: { objectId: string; type: 'question' | 'answer' }[]; total: number }>;
  updateContent(content: SearchContent, ctx: PluginContext): Promise<void>;
  deleteContent(objectId: string, ctx: PluginContext): Promise<void>;
  /** Initial indexing when enabled: the syncer pages through every post. */
  sync?(syncer: SearchSyncer, ctx: PluginContext): Promise<void>;
}

/** Pages start at 1 and hold at most 500 posts; an empty page is the end. */
export interface SearchSyncer {
  questions(page: number, pageSize: number): Promise<SearchContent[]>;
  answers(page: number, pageSize: number): Promise<SearchContent[]>;
}

// ---------------------------------------------------------------- storage

export type UploadSource = 'user_avatar' | 'user_post' | 'admin_branding';

export interface StorageHooks {
  /** Stores a verified upload and gives its public (or signed) URL. */
  upload(file: { key: string; data: Buffer; mime: string; source: UploadSource }, ctx: PluginContext): Promise<{ url: string }>;
  /** Removes a stored file (purges); the key `upload` was given. */
  remove?(key: string, ctx: PluginContext): Promise<void>;
}

// ---------------------------------------------------------------- notification

/** A person's notification (upstream's `NotificationMessage`). */
export interface NotificationMessage {
  type: string;
  receiverUserId: string;
  receiverLang: string;
  triggerUserId: string;
  triggerUserDisplayName: string;
  triggerUserUrl: string;
  questionTitle: string;
  questionUrl: string;
  tags: string[];
  answerUrl: string;
  commentUrl: string;
}

/** Something that happened on the site, for site-wide channels (chat notifications). */
export interface SiteEvent {
  type: 'question.created' | 'answer.created' | 'answer.accepted';
  /** Stable id of the event: the same event is never delivered twice with another id. */
  id: string;
  questionTitle: string;
  questionUrl: string;
  tags: string[];
  /** The answer's URL (answers and accepted answers). */
  answerUrl?: string;
  authorName: string;
  authorUrl: string;
  /** A plain-text excerpt of the post. */
  excerpt: string;
  /** Seconds since 1970. */
  createdAt: number;
}

export interface NotificationHooks {
  notify?(message: NotificationMessage, ctx: PluginContext): Promise<void>;
  siteEvent?(event: SiteEvent, ctx: PluginContext): Promise<void>;
}

// ---------------------------------------------------------------- reviewer

export interface ReviewContent {
  objectType: 'question' | 'answer' | 'comment';
  title?: string;
  /** The post as the site renders it: sanitised HTML. */
  content: string;
  tags?: string[];
  author: { id: string; rank: number; role: 'user' | 'moderator' | 'admin' };
  ip: string;
  userAgent: string;
}

export interface ReviewerHooks {
  /** The first plugin that does not approve decides. */
  review(content: ReviewContent, ctx: PluginContext): Promise<{ result: 'approved' | 'need_review' | 'delete_directly'; reason?: string }>;
}

// ---------------------------------------------------------------- captcha

export interface CaptchaHooks {
  /** A new challenge: what the client shows (an image as a data URL) and the expected answer. */
  create(ctx: PluginContext): Promise<{ image: string; code: string }>;
  /** Whether `input` answers the challenge whose expected answer is `code`. */
  verify(code: string, input: string, ctx: PluginContext): Promise<boolean>;
}

// ---------------------------------------------------------------- embed, render, cdn

export interface EmbedHooks {
  /** `GET /embed/config`: each platform and whether its links are shown as embeds. */
  platforms(ctx: PluginContext): { platform: string; enable: boolean }[];
  /** Origins the page may frame (the CSP's frame-src), only while the plugin is enabled. */
  frameSources(ctx: PluginContext): string[];
}

export interface RenderHooks {
  /** `GET /render/config`: e.g. the code theme. */
  config?(ctx: PluginContext): { select_theme?: string } & Record<string, unknown>;
  /**
   * Marks up Markdown the core renders (a markdown-it plugin, given the instance). Markup it makes
   * must also be allowed by `allowedMarkup`, or the sanitiser removes it.
   */
  markdown?(md: unknown, ctx: PluginContext): void;
  /** Elements and classes the sanitiser lets through for this plugin's markup. */
  allowedMarkup?: { tags?: string[]; classes?: Record<string, string[]>; attributes?: Record<string, string[]> };
}

export interface CdnHooks {
  staticPrefix(ctx: PluginContext): string;
}

// ---------------------------------------------------------------- routes (agent)

export interface PluginRequest {
  method: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** The signed-in member, on member and admin routes. */
  user: { id: string; username: string; role: 'user' | 'moderator' | 'admin' } | null;
  language: string;
  ip: string;
}

export type PluginReply =
  | { status?: number; data?: unknown; message?: Translatable }
  | { redirect: string }
  | { status?: number; html: string; title?: Translatable };

export interface PluginRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the plugin's prefix, e.g. `/items/:id`. */
  path: string;
  handler(request: PluginRequest, ctx: PluginContext): Promise<PluginReply>;
}

/**
 * HTTP routes of a plugin, under /answer/api/v1/plugin/{slug}/ (public and member) and
 * /answer/admin/api/plugin/{slug}/ (admin): a disabled plugin's routes answer 404.
 */
export interface PluginRoutes {
  public?: PluginRoute[];
  member?: PluginRoute[];
  admin?: PluginRoute[];
}
