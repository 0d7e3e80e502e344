import type { Migration } from 'kysely';
import { initialSchema } from './0001_initial_schema.js';
import { uniqueUserEmail } from './0002_unique_user_email.js';
import { actionCounters } from './0004_action_counters.js';
import { searchIndex } from './0005_search_index.js';
import { tagListIndex } from './0006_tag_list_index.js';
import { activityTimeIndex } from './0007_activity_time_index.js';
import { notifications } from './0008_notifications.js';
import { mailDigest } from './0009_mail_digest.js';
import { moderationLog } from './0010_moderation_log.js';
import { openFlags } from './0013_open_flags.js';
import { userSuspension } from './0011_user_suspension.js';
import { sitemapIndex } from './0014_sitemap_index.js';
import { searchTitles } from './0015_search_titles.js';
import { pluginDelivery } from './0016_plugin_delivery.js';
import { personalListsIndex } from './0017_personal_lists_index.js';
import { externalRoleGrant } from './0018_external_role_grant.js';
import { externalLoginProvider } from './0019_external_login_provider.js';
import { reviewRulesSubmitter } from './0020_review_rules_submitter.js';
import { apiKey } from './0021_api_key.js';
import { webhook } from './0022_webhook.js';
import { postSource } from './0023_post_source.js';
import { aiConversation } from './0024_ai_conversation.js';
import { aiEmbedding } from './0025_ai_embedding.js';

/** Every migration, in order. Names sort; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_initial_schema': initialSchema,
  '0002_unique_user_email': uniqueUserEmail,
  '0004_action_counters': actionCounters,
  '0005_search_index': searchIndex,
  '0006_tag_list_index': tagListIndex,
  '0007_activity_time_index': activityTimeIndex,
  '0008_notifications': notifications,
  '0009_mail_digest': mailDigest,
  '0010_moderation_log': moderationLog,
  '0011_user_suspension': userSuspension,
  '0013_open_flags': openFlags,
  '0014_sitemap_index': sitemapIndex,
  '0015_search_titles': searchTitles,
  '0016_plugin_delivery': pluginDelivery,
  '0017_personal_lists_index': personalListsIndex,
  '0018_external_role_grant': externalRoleGrant,
  '0019_external_login_provider': externalLoginProvider,
  '0020_review_rules_submitter': reviewRulesSubmitter,
  '0021_api_key': apiKey,
  '0022_webhook': webhook,
  '0023_post_source': postSource,
  '0024_ai_conversation': aiConversation,
  '0025_ai_embedding': aiEmbedding,
};
