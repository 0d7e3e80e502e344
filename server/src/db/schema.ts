import type { Generated } from 'kysely';

/**
 * Table types of the whole data model (domain.md section 2). Times are Unix seconds, booleans 0/1,
 * 17-digit object ids strings; plain autoincrement ids may come back as number or string by dialect.
 */
type Id = string;
type AutoId = Generated<number | string>;
type RefId = number | string;

export interface QuestionTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  invite_user_id: Generated<string>;
  last_edit_user_id: Generated<RefId>;
  title: string;
  original_text: string;
  parsed_text: string;
  pin: Generated<number>;
  show: Generated<number>;
  status: Generated<number>;
  view_count: Generated<number>;
  unique_view_count: Generated<number>;
  vote_count: Generated<number>;
  answer_count: Generated<number>;
  hot_score: Generated<number>;
  collection_count: Generated<number>;
  follow_count: Generated<number>;
  accepted_answer_id: Generated<string>;
  last_answer_id: Generated<string>;
  post_update_time: Generated<number>;
  revision_id: Generated<RefId>;
}

export interface AnswerTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  question_id: Id;
  user_id: RefId;
  last_edit_user_id: Generated<RefId>;
  original_text: string;
  parsed_text: string;
  status: Generated<number>;
  adopted: Generated<number>;
  comment_count: Generated<number>;
  vote_count: Generated<number>;
  revision_id: Generated<RefId>;
}

export interface CommentTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  reply_user_id: RefId | null;
  reply_comment_id: Id | null;
  object_id: Id;
  question_id: Id;
  vote_count: Generated<number>;
  status: Generated<number>;
  original_text: string;
  parsed_text: string;
}

export interface UserTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  suspended_at: Generated<number>;
  /** When a suspension ends by itself (0 = until lifted); migration 0011. */
  suspended_until: Generated<number>;
  deleted_at: Generated<number>;
  last_login_date: Generated<number>;
  username: string;
  pass: Generated<string>;
  e_mail: string;
  mail_status: Generated<number>;
  notice_status: Generated<number>;
  follow_count: Generated<number>;
  answer_count: Generated<number>;
  question_count: Generated<number>;
  rank: Generated<number>;
  status: Generated<number>;
  authority_group: Generated<number>;
  display_name: Generated<string>;
  avatar: Generated<string>;
  mobile: Generated<string>;
  bio: Generated<string>;
  bio_html: Generated<string>;
  website: Generated<string>;
  location: Generated<string>;
  ip_info: Generated<string>;
  is_admin: Generated<number>;
  language: Generated<string>;
  color_scheme: Generated<string>;
}

export interface TagTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  main_tag_id: Generated<string>;
  main_tag_slug_name: Generated<string>;
  slug_name: string;
  display_name: string;
  original_text: Generated<string>;
  parsed_text: Generated<string>;
  follow_count: Generated<number>;
  question_count: Generated<number>;
  status: Generated<number>;
  recommend: Generated<number>;
  reserved: Generated<number>;
  revision_id: Generated<RefId>;
  user_id: Generated<RefId>;
}

export interface TagRelTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  object_id: Id;
  tag_id: Id;
  status: Generated<number>;
}

export interface RevisionTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  object_type: number;
  object_id: Id;
  title: Generated<string>;
  content: string;
  log: Generated<string>;
  status: Generated<number>;
  review_user_id: Generated<RefId>;
}

export interface ReportTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  object_id: Id;
  reported_user_id: RefId;
  object_type: number;
  report_type: number;
  content: Generated<string>;
  flagged_type: Generated<number>;
  flagged_content: Generated<string>;
  status: Generated<number>;
  /** The object's id while the flag is open, NULL once handled (one open flag per user and object). */
  open_object_id: Generated<string | null>;
}

export interface ReviewTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  object_id: Id;
  object_type: number;
  reviewer_user_id: Generated<RefId>;
  submitter: Generated<string>;
  reason: Generated<string>;
  status: Generated<number>;
}

export interface ActivityTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  cancelled_at: Generated<number>;
  user_id: RefId;
  trigger_user_id: Generated<RefId>;
  object_id: Id;
  original_object_id: Generated<string>;
  activity_type: number;
  cancelled: Generated<number>;
  rank: Generated<number>;
  has_rank: Generated<number>;
  revision_id: Generated<RefId>;
}

export interface NotificationTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  object_id: Id;
  content: string;
  type: number;
  msg_type: Generated<number>;
  is_read: Generated<number>;
  status: Generated<number>;
  /** Unique per receiver when set (migration 0008): achievements, first-vote notices, badge awards. */
  dedupe_key: Generated<string | null>;
}

/** Red-dot counters of one user (migration 0008). */
export interface NotificationStateTable {
  user_id: RefId;
  inbox: number;
  achievement: number;
  updated_at: number;
}

export interface CollectionTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  object_id: Id;
  user_collection_group_id: Generated<RefId>;
}

export interface CollectionGroupTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  name: string;
  default_group: Generated<number>;
}

export interface MetaTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  object_id: Id;
  key: string;
  value: string;
}

export interface ConfigTable {
  id: number;
  key: string;
  value: string;
}

export interface SiteInfoTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  type: string;
  content: string;
  status: Generated<number>;
}

export interface UniqidTable {
  id: AutoId;
  uniqid_type: number;
}

export interface PluginConfigTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  plugin_slug_name: string;
  value: string;
}

export interface PluginUserConfigTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  plugin_slug_name: string;
  value: string;
}

export interface UserExternalLoginTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  provider: string;
  external_id: string;
  meta_info: Generated<string>;
  /** The provider the binding was made with (migration 0019); '' when unknown. */
  provider_id: Generated<string>;
}

export interface UserNotificationConfigTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  source: string;
  channels: string;
  enabled: Generated<number>;
}

export interface RoleTable {
  id: number;
  created_at: number;
  updated_at: Generated<number>;
  name: string;
  description: string;
}

export interface PowerTable {
  id: number;
  created_at: number;
  updated_at: Generated<number>;
  name: string;
  power_type: string;
  description: string;
}

export interface RolePowerRelTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  role_id: number;
  power_type: string;
}

/** A staff role given by a provider's group at sign-in (migration 0018). */
export interface ApiKeyTable {
  id: AutoId;
  user_id: RefId;
  /** 1 for an administrators' site key, 0 for a member's personal key. */
  site: number;
  description: string;
  scope: string;
  key_hash: string;
  prefix: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  last_used_ip: string;
  revoked_at: number;
}

export interface WebhookTable {
  id: AutoId;
  description: string;
  url: string;
  secret: string;
  /** JSON list of event names. */
  events: string;
  /** JSON list of tag slugs; empty list: every event. */
  tags: string;
  enabled: number;
  allow_private: number;
  failure_count: Generated<number>;
  disabled_reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface WebhookDeliveryTable {
  id: AutoId;
  webhook_id: RefId;
  event_id: string;
  event: string;
  payload: string;
  status: string;
  attempts: Generated<number>;
  response_status: Generated<number>;
  response_ms: Generated<number>;
  response_body: Generated<string>;
  created_at: number;
  delivered_at: Generated<number>;
}

export interface ExternalRoleGrantTable {
  user_id: RefId;
  role_id: number;
  updated_at: number;
}

export interface UserRoleRelTable {
  id: AutoId;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  role_id: number;
}

export interface BadgeTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  name: string;
  icon: string;
  award_count: Generated<number>;
  description: string;
  status: Generated<number>;
  badge_group_id: RefId;
  level: number;
  single: number;
  collect: string;
  handler: string;
  param: string;
}

export interface BadgeGroupTable {
  id: number;
  created_at: number;
  updated_at: Generated<number>;
  name: string;
}

export interface BadgeAwardTable {
  id: Id;
  created_at: number;
  updated_at: Generated<number>;
  user_id: RefId;
  badge_id: Id;
  award_key: string;
  badge_group_id: RefId;
  is_badge_deleted: Generated<number>;
}

/** Our additions: server-side sessions, e-mail codes, outbox, action counters, unique views. */
export interface SessionTable {
  token: string;
  visit_token: string;
  user_id: RefId;
  created_at: number;
  expires_at: number;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface EmailCodeTable {
  id: AutoId;
  code_hash: string;
  kind: string;
  user_id: RefId;
  payload: string;
  created_at: number;
  expires_at: number;
  used_at: Generated<number>;
}

/** A plugin's delivery, once per key (migration 0016). */
export interface PluginDeliveryTable {
  delivery_key: string;
  plugin_slug_name: string;
  created_at: number;
}

export interface OutboxTable {
  id: AutoId;
  topic: string;
  payload: string;
  created_at: number;
  available_at: number;
  attempts: Generated<number>;
  locked_until: Generated<number>;
  done_at: Generated<number>;
  last_error: Generated<string>;
}

/** One captcha or limit counter for a time window (`bucket` = floor(time / window)). */
export interface ActionCounterTable {
  action: string;
  subject: string;
  bucket: number;
  count: number;
  last_at: number;
  /** The attempt before the last, for "the previous attempt was too recent". */
  prev_at: number;
  expires_at: number;
}

/** Notification e-mail digests and the new-question mail cap (migration 0009). */
export interface MailDigestTable {
  user_id: RefId;
  /** off | daily | weekly */
  frequency: string;
  /** When the next digest is due (Unix seconds); 0 = nothing scheduled. */
  next_at: number;
  created_at: number;
  updated_at: number;
}

export interface MailDigestEntryTable {
  id: AutoId;
  user_id: RefId;
  /** new_answer | new_comment | invited_you_to_answer | new_question */
  kind: string;
  /** The notification source the mail was about (what its unsubscribe link switches off). */
  source: string;
  /** JSON: {title, url, actor?, summary?} */
  payload: string;
  created_at: number;
}

export interface MailQuotaTable {
  user_id: RefId;
  window_start: number;
  count: number;
  claim: number | string;
}

export interface VoteTable {
  user_id: RefId;
  object_id: Id;
  /** 1 up, -1 down. */
  direction: number;
  created_at: number;
}

export interface QuestionViewTable {
  question_id: Id;
  viewer: string;
  viewed_at: number;
}

/** One staff action (docs/decisions.md, moderation log). */
export interface ModerationLogTable {
  id: AutoId;
  created_at: number;
  staff_user_id: RefId;
  /** A MODERATION_ACTIONS value, e.g. `user.suspend`, `flag.ignore`, `answer.delete`. */
  action: string;
  /** question | answer | comment | user | tag | '' */
  object_type: Generated<string>;
  object_id: Generated<Id>;
  /** Whose account or post it was ('0' when none). */
  target_user_id: Generated<RefId>;
  /** Why, as the staff member gave it (a flag reason, a suspension note...). */
  reason: Generated<string>;
  /** JSON with what changed (e.g. {"from":"user","to":"moderator"}). */
  detail: Generated<string>;
}

/** Where an imported post came from, for its attribution (migration 0023). */
export interface PostSourceTable {
  object_id: Id;
  url: string;
  author_name: Generated<string>;
  author_url: Generated<string>;
  license: Generated<string>;
  /** Score the source counted that no vote row here backs; vote_count = this + the vote rows. */
  base_score: Generated<number>;
}

export interface Database {
  question: QuestionTable;
  answer: AnswerTable;
  comment: CommentTable;
  user: UserTable;
  tag: TagTable;
  tag_rel: TagRelTable;
  revision: RevisionTable;
  report: ReportTable;
  review: ReviewTable;
  activity: ActivityTable;
  notification: NotificationTable;
  notification_state: NotificationStateTable;
  collection: CollectionTable;
  collection_group: CollectionGroupTable;
  meta: MetaTable;
  config: ConfigTable;
  site_info: SiteInfoTable;
  uniqid: UniqidTable;
  plugin_config: PluginConfigTable;
  plugin_user_config: PluginUserConfigTable;
  user_external_login: UserExternalLoginTable;
  user_notification_config: UserNotificationConfigTable;
  role: RoleTable;
  power: PowerTable;
  role_power_rel: RolePowerRelTable;
  user_role_rel: UserRoleRelTable;
  badge: BadgeTable;
  badge_group: BadgeGroupTable;
  badge_award: BadgeAwardTable;
  session: SessionTable;
  email_code: EmailCodeTable;
  outbox: OutboxTable;
  plugin_delivery: PluginDeliveryTable;
  external_role_grant: ExternalRoleGrantTable;
  api_key: ApiKeyTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  action_counter: ActionCounterTable;
  question_view: QuestionViewTable;
  vote: VoteTable;
  moderation_log: ModerationLogTable;
  mail_digest: MailDigestTable;
  mail_digest_entry: MailDigestEntryTable;
  mail_quota: MailQuotaTable;
  post_source: PostSourceTable;
  ai_conversation: AiConversationTable;
  ai_conversation_record: AiConversationRecordTable;
  ai_usage: AiUsageTable;
  ai_embedding: AiEmbeddingTable;
}

export interface AiConversationTable {
  id: AutoId;
  conversation_id: string;
  user_id: RefId;
  topic: string;
  created_at: number;
  updated_at: number;
}

export interface AiConversationRecordTable {
  id: AutoId;
  conversation_id: string;
  chat_completion_id: string;
  /** 'user' or 'assistant'. */
  role: string;
  content: string;
  /** JSON list of AiCitation. */
  citations: string;
  helpful: Generated<number>;
  unhelpful: Generated<number>;
  reported: Generated<number>;
  report_reason: Generated<string>;
  tokens: Generated<number>;
  created_at: number;
}

/** One counter per scope and period: `site.tokens` per month, `user.<id>.questions` per day. */
export interface AiUsageTable {
  scope: string;
  period: string;
  used: Generated<number>;
}

/** A post's embedding (migration 0025): Int8 values as base64, made by `model` from text hashing to `content_hash`. */
export interface AiEmbeddingTable {
  object_id: RefId;
  model: string;
  dims: number;
  content_hash: string;
  vector: string;
  updated_at: number;
}
