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
  /**
   * The provider's bare name, e.g. "GitHub" or "your company account": clients add the wording
   * around it ("Continue with GitHub", "Connect with GitHub", "Remove GitHub"), so it is never a
   * whole label such as "Sign in with GitHub" (connectorName() cleans one an admin saved).
   */
  name: Translatable;
  /** The button's icon: an SVG image, inline. */
  logoSvg: string;
  /** Where to send the person to sign in, and what to keep for the receiver (state, nonce, verifier). */
  sender?(request: { receiverUrl: string }, ctx: PluginContext): Promise<{ redirectUrl: string; state?: Record<string, string> }>;
  /** The person the provider sends back; throw to refuse (the person sees /user-center/auth-failed). */
  receiver?(request: ConnectorRequest, ctx: PluginContext): Promise<ExternalUser>;
  /**
   * Who the provider is under the current settings: an OIDC issuer, an OAuth 2 authorisation
   * address, an LDAP server and base, a SAML IdP's entity ID. Bindings remember it: a login bound
   * with another provider behind the same slug does not sign in (its ids mean other people), and
   * the admin is warned when saving settings that change it while people are bound.
   */
  providerId?(ctx: PluginContext): string;
  /** A form sign-in (LDAP): the person, or null for wrong credentials. */
  login?(credentials: { username: string; password: string }, ctx: PluginContext): Promise<ExternalUser | null>;
  /**
   * The site's service provider metadata (SAML), XML text: served at
   * /answer/api/v1/connector/metadata/{slug} for the provider's administrator.
   */
  metadata?(request: { receiverUrl: string }, ctx: PluginContext): Promise<string>;
}

// A whole label's wording around the provider's name: "Sign in with X", "Log in with X",
// "Continue with X"; zh "使用 X 登录" (but "使用单点登录" is "单点登录", the sign-on itself).
const LABEL_EN = /^(?:sign[\s-]?in|log[\s-]?in|continue)\s+with\s+(.+)$/i;
const LABEL_ZH = /^使用\s*(.+?)\s*(登录|登陆)$/;

/**
 * A connector's name as clients expect it (ConnectorHooks.name): a label an admin saved as a whole
 * button text before names were bare ("Sign in with Corp SSO", "使用 Google 登录") loses that
 * wording ("Corp SSO", "Google"); anything else is returned trimmed, unchanged.
 */
export function connectorName(label: string): string {
  const text = label.trim();
  const en = LABEL_EN.exec(text);
  if (en) return en[1]!.trim();
  const zh = LABEL_ZH.exec(text);
  if (zh) return zh[1]!.endsWith('单点') ? `${zh[1]}${zh[2]}` : zh[1]!;
  return text;
}

/** The in-app browsers a user centre may tell apart (spec section 1), from the request's User-Agent. */
export type ClientAgent = 'SegmentFault' | 'WeChat' | 'WeCom' | 'DingTalk';

/** Who is asking, as far as a user centre's answers may depend on it. */
export interface UserCenterRequest {
  /** The agent's in-app browser the request came from, or null for any other browser. */
  clientAgent: ClientAgent | null;
  /** The reader's language (`en_US`, `zh_CN`, ...). */
  language: string;
}

/** What a user centre says about itself (upstream's `UserCenterDesc`). */
export interface UserCenterDescription {
  /** A short name, e.g. "WeCom" or "Keycloak" (the sign-in page compares it with the in-app browser's agent). */
  name: string;
  /** Shown to people: "Log in with {displayName}". */
  displayName: Translatable;
  /** An SVG image, inline (shown only as an image). */
  icon: string;
  /** The user centre's own site, linked from the header; '' for none. */
  url: string;
  /**
   * Where the login page sends people. A path or address of this site (e.g. a connector's start,
   * `/answer/api/v1/connector/login/{slug}`) is given the page to come back to as `redirect`.
   */
  loginRedirectUrl: string;
  /** Where the sign-up page sends people (often the same as the login). */
  signUpRedirectUrl: string;
  /** Reputation is the user centre's (upstream: the site keeps none). Not supported by this host: its own ledger stays (docs/user-center.md). */
  rankAgentEnabled?: boolean;
  /** Suspending and reactivating accounts is the user centre's: the admin's user pages do not offer it. */
  userStatusAgentEnabled?: boolean;
  /** Roles are the user centre's: the admin's user pages do not offer changing them. */
  userRoleAgentEnabled?: boolean;
  /** A person without an e-mail address the user centre vouches for is refused. */
  mustAuthEmailEnabled?: boolean;
  /**
   * Whether the site's own accounts keep working beside the user centre. When false, the site's
   * e-mail login and registration, password recovery and change and e-mail change answer 403, and
   * the login and sign-up pages send people to the user centre.
   */
  enabledOriginalUserSystem: boolean;
}

/** A profile field the user centre may own: read-only on the site for the people it knows. */
export type UserCenterProfileField = 'display_name' | 'username' | 'email' | 'avatar' | 'bio' | 'website' | 'location';

/**
 * A user centre replacing (or standing beside) the native account system (upstream's UserCenter,
 * domain.md 15.1). One acts at a time: the first enabled plugin whose `active` says so; enabling one
 * that acts switches the others that act off. The people it signs in are bound to their accounts
 * under the plugin's connector slug when it has a connector, else under the plugin's slug.
 */
export interface UserCenterHooks {
  /**
   * Whether the plugin acts as the site's user centre now, from its settings (a connector that can
   * also be the site's only sign-in says so by a switch). Default: whenever the plugin is enabled.
   */
  active?(ctx: PluginContext): boolean;
  description(ctx: PluginContext, request: UserCenterRequest): UserCenterDescription;
  /** Entries of the user centre's menu (upstream's control centre). */
  controlCenterItems?(ctx: PluginContext, request: UserCenterRequest): { name: string; label: Translatable; url: string }[];
  /**
   * The person the user centre sends back to `/answer/api/v1/user-center/login/callback` (and
   * `/sign-up/callback`); throw to refuse. Plugins with a connector's redirect flow need none:
   * their login URL is the connector's start, and its receiver signs people in.
   */
  loginCallback?(request: ConnectorRequest & UserCenterRequest, ctx: PluginContext): Promise<ExternalUser>;
  signUpCallback?(request: ConnectorRequest & UserCenterRequest, ctx: PluginContext): Promise<ExternalUser>;
  /**
   * The profile fields the user centre owns: shown read-only to the people it knows, a change
   * refused, and set from what it says each time they sign in through it.
   */
  ownedProfileFields?(ctx: PluginContext): UserCenterProfileField[];
  /** Where a person changes their profile and account at the user centre. */
  userSettings?(externalId: string, ctx: PluginContext): Promise<{ profileSettingRedirectUrl?: string; accountSettingRedirectUrl?: string }>;
  /** Links shown on a person's profile (upstream's personal branding). */
  personalBranding?(externalId: string, ctx: PluginContext): Promise<{ icon: string; name: string; label: string; url: string }[]>;
  /**
   * Where the browser goes after the site's own logout to end the session at the user centre too
   * (OpenID Connect RP-initiated logout), or null when there is nowhere to go. The user centre
   * should send the person back to `postLogoutRedirectUrl` (the site's home page).
   */
  logoutUrl?(request: { externalId: string; postLogoutRedirectUrl: string }, ctx: PluginContext): Promise<string | null>;
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
  /** The post as its author wrote it (Markdown). */
  markdown: string;
  tags?: string[];
  author: {
    id: string;
    rank: number;
    role: 'user' | 'moderator' | 'admin';
    /** The author's published questions and answers (pending and deleted ones are not counted). */
    approvedQuestions: number;
    approvedAnswers: number;
  };
  ip: string;
  userAgent: string;
}

export interface ReviewResult {
  result: 'approved' | 'need_review' | 'delete_directly';
  /** Shown to moderators in the queue. */
  reason?: string;
  /**
   * Which of the plugin's own rules decided (letters, digits, `_`), for a plugin with several:
   * the queue shows the rule instead of the plugin alone.
   */
  rule?: string;
}

export interface ReviewerHooks {
  /** The first plugin that does not approve decides. */
  review(content: ReviewContent, ctx: PluginContext): Promise<ReviewResult>;
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
