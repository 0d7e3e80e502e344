import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * The whole data model of domain.md section 2 plus our own tables (sessions, e-mail codes, outbox,
 * action records, unique question views), with the indexes the hot paths need (2.18 and more).
 */
export const initialSchema: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    const stamps = <T extends Parameters<typeof b.time>[0]>(t: T) => b.time(b.time(t, 'created_at'), 'updated_at');
    const index = (table: string, columns: string[], unique = false) => {
      let q = db.schema.createIndex(`${unique ? 'uq' : 'idx'}_${table}_${columns.join('_')}`).on(table).columns(columns);
      if (unique) q = q.unique();
      return q.execute();
    };

    await b.create('question', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'user_id');
      t = b.text(t, 'invite_user_id');
      t = b.big(t, 'last_edit_user_id');
      t = b.str(t, 'title', 150);
      t = b.text(t, 'original_text', { long: true });
      t = b.text(t, 'parsed_text', { long: true });
      for (const [c, v] of [['pin', 1], ['show', 1], ['status', 1], ['view_count', 0], ['unique_view_count', 0], ['vote_count', 0], ['answer_count', 0], ['hot_score', 0], ['collection_count', 0], ['follow_count', 0]] as const) {
        t = b.int(t, c, v);
      }
      t = b.big(t, 'accepted_answer_id');
      t = b.big(t, 'last_answer_id');
      t = b.time(t, 'post_update_time');
      return b.big(t, 'revision_id');
    });
    // One index per list order (domain.md 11.1): equality on show, then the exact ORDER BY, so a
    // page is read in order and stops after page_size rows; status is filtered on the way.
    await index('question', ['user_id', 'created_at']);
    await index('question', ['show', 'pin', 'created_at', 'id']);
    await index('question', ['show', 'pin', 'post_update_time', 'id']);
    await index('question', ['show', 'pin', 'hot_score', 'id']);
    await index('question', ['show', 'pin', 'vote_count', 'view_count', 'id']);
    await index('question', ['show', 'pin', 'view_count', 'id']);
    await index('question', ['show', 'answer_count', 'pin', 'created_at', 'id']);
    await index('question', ['show', 'status']);

    await b.create('answer', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'question_id');
      t = b.big(t, 'user_id');
      t = b.big(t, 'last_edit_user_id');
      t = b.text(t, 'original_text', { long: true });
      t = b.text(t, 'parsed_text', { long: true });
      t = b.int(t, 'status', 1);
      t = b.int(t, 'adopted', 1);
      t = b.int(t, 'comment_count');
      t = b.int(t, 'vote_count');
      return b.big(t, 'revision_id');
    });
    await index('answer', ['question_id', 'status']);
    await index('answer', ['user_id']);

    await b.create('comment', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'user_id');
      t = t.addColumn('reply_user_id', 'bigint');
      t = t.addColumn('reply_comment_id', 'bigint');
      t = b.big(t, 'object_id');
      t = b.big(t, 'question_id');
      t = b.int(t, 'vote_count');
      t = b.int(t, 'status', 1);
      t = b.text(t, 'original_text', { long: true });
      return b.text(t, 'parsed_text', { long: true });
    });
    await index('comment', ['object_id', 'status']);
    await index('comment', ['question_id']);
    await index('comment', ['user_id']);

    await b.create('user', (t) => {
      t = stamps(b.autoId(t));
      for (const c of ['suspended_at', 'deleted_at', 'last_login_date']) t = b.time(t, c);
      t = b.str(t, 'username', 50, null);
      t = b.str(t, 'pass', 255);
      t = b.str(t, 'e_mail', 191, null);
      t = b.int(t, 'mail_status', 2);
      t = b.int(t, 'notice_status', 2);
      for (const c of ['follow_count', 'answer_count', 'question_count', 'rank']) t = b.int(t, c);
      t = b.int(t, 'status', 1);
      t = b.int(t, 'authority_group');
      t = b.str(t, 'display_name', 30);
      t = b.str(t, 'avatar', 1024);
      t = b.str(t, 'mobile', 20);
      t = b.text(t, 'bio');
      t = b.text(t, 'bio_html');
      t = b.str(t, 'website', 255);
      t = b.str(t, 'location', 100);
      t = b.str(t, 'ip_info', 255);
      t = b.int(t, 'is_admin');
      t = b.str(t, 'language', 100);
      return b.str(t, 'color_scheme', 100);
    });
    await index('user', ['username'], true);
    await index('user', ['e_mail']);
    await index('user', ['status', 'rank']);

    await b.create('tag', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'main_tag_id');
      t = b.str(t, 'main_tag_slug_name', 35);
      t = b.str(t, 'slug_name', 35, null);
      t = b.str(t, 'display_name', 35, null);
      t = b.text(t, 'original_text', { long: true });
      t = b.text(t, 'parsed_text', { long: true });
      t = b.int(t, 'follow_count');
      t = b.int(t, 'question_count');
      t = b.int(t, 'status', 1);
      t = b.int(t, 'recommend');
      t = b.int(t, 'reserved');
      t = b.big(t, 'revision_id');
      return b.big(t, 'user_id');
    });
    await index('tag', ['slug_name'], true);
    await index('tag', ['main_tag_id']);
    await index('tag', ['status', 'question_count']);

    await b.create('tag_rel', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'object_id');
      t = b.big(t, 'tag_id');
      return b.int(t, 'status', 1);
    });
    await index('tag_rel', ['object_id', 'tag_id'], true);
    await index('tag_rel', ['tag_id', 'status']);

    await b.create('revision', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.int(t, 'object_type');
      t = b.big(t, 'object_id');
      t = b.str(t, 'title', 255);
      t = b.text(t, 'content', { long: true });
      t = b.str(t, 'log', 255);
      t = b.int(t, 'status');
      return b.big(t, 'review_user_id');
    });
    await index('revision', ['object_id', 'status']);
    await index('revision', ['status', 'object_type']);

    await b.create('report', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'user_id');
      t = b.big(t, 'object_id');
      t = b.big(t, 'reported_user_id');
      t = b.int(t, 'object_type');
      t = b.int(t, 'report_type');
      t = b.text(t, 'content');
      t = b.int(t, 'flagged_type');
      t = b.text(t, 'flagged_content');
      return b.int(t, 'status', 1);
    });
    await index('report', ['status', 'object_type']);
    await index('report', ['object_id']);

    await b.create('review', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.big(t, 'object_id');
      t = b.int(t, 'object_type');
      t = b.big(t, 'reviewer_user_id');
      t = b.str(t, 'submitter', 100);
      t = b.text(t, 'reason');
      return b.int(t, 'status', 1);
    });
    await index('review', ['status', 'object_type']);
    await index('review', ['object_id']);

    await b.create('activity', (t) => {
      t = stamps(b.autoId(t));
      t = b.time(t, 'cancelled_at');
      t = b.big(t, 'user_id');
      t = b.big(t, 'trigger_user_id');
      t = b.big(t, 'object_id');
      t = b.big(t, 'original_object_id');
      t = b.int(t, 'activity_type');
      t = b.int(t, 'cancelled');
      t = b.int(t, 'rank');
      t = b.int(t, 'has_rank');
      return b.big(t, 'revision_id');
    });
    await index('activity', ['user_id', 'has_rank', 'created_at']);
    await index('activity', ['trigger_user_id']);
    await index('activity', ['object_id', 'user_id', 'activity_type', 'cancelled']);
    await index('activity', ['original_object_id', 'created_at']);

    await b.create('notification', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.big(t, 'object_id');
      t = b.text(t, 'content');
      t = b.int(t, 'type');
      t = b.int(t, 'msg_type');
      t = b.int(t, 'is_read', 1);
      return b.int(t, 'status', 1);
    });
    await index('notification', ['user_id', 'type', 'is_read']);
    await index('notification', ['object_id']);

    await b.create('collection', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'user_id');
      t = b.big(t, 'object_id');
      return b.big(t, 'user_collection_group_id');
    });
    await index('collection', ['user_id', 'object_id'], true);
    await index('collection', ['object_id']);

    await b.create('collection_group', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.str(t, 'name', 50);
      return b.int(t, 'default_group', 1);
    });
    await index('collection_group', ['user_id']);

    await b.create('meta', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'object_id');
      t = b.str(t, 'key', 100, null);
      return b.text(t, 'value', { long: true });
    });
    await index('meta', ['object_id', 'key']);

    await b.create('config', (t) => {
      t = t.addColumn('id', 'integer', (c) => c.primaryKey());
      t = b.str(t, 'key', 128, null);
      return b.text(t, 'value');
    });
    await index('config', ['key'], true);

    await b.create('site_info', (t) => {
      t = stamps(b.autoId(t));
      t = b.str(t, 'type', 64, null);
      t = b.text(t, 'content', { long: true });
      return b.int(t, 'status', 1);
    });
    await index('site_info', ['type'], true);

    await b.create('uniqid', (t) => b.int(b.autoId(t), 'uniqid_type'));

    await b.create('plugin_config', (t) => {
      t = stamps(b.autoId(t));
      t = b.str(t, 'plugin_slug_name', 128, null);
      return b.text(t, 'value');
    });
    await index('plugin_config', ['plugin_slug_name'], true);

    await b.create('plugin_user_config', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.str(t, 'plugin_slug_name', 128, null);
      return b.text(t, 'value');
    });
    await index('plugin_user_config', ['user_id', 'plugin_slug_name'], true);

    await b.create('user_external_login', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.str(t, 'provider', 60, null);
      t = b.str(t, 'external_id', 128, null);
      return b.text(t, 'meta_info');
    });
    await index('user_external_login', ['provider', 'external_id'], true);
    await index('user_external_login', ['user_id']);

    await b.create('user_notification_config', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      t = b.str(t, 'source', 64, null);
      t = b.text(t, 'channels');
      return b.int(t, 'enabled');
    });
    await index('user_notification_config', ['user_id', 'source'], true);
    await index('user_notification_config', ['source', 'enabled']);

    await b.create('role', (t) => {
      t = stamps(t.addColumn('id', 'integer', (c) => c.primaryKey()));
      t = b.str(t, 'name', 50, null);
      return b.str(t, 'description', 255);
    });
    await b.create('power', (t) => {
      t = stamps(t.addColumn('id', 'integer', (c) => c.primaryKey()));
      t = b.str(t, 'name', 100, null);
      t = b.str(t, 'power_type', 100, null);
      return b.str(t, 'description', 255);
    });
    await b.create('role_power_rel', (t) => {
      t = stamps(b.autoId(t));
      t = b.int(t, 'role_id');
      return b.str(t, 'power_type', 100, null);
    });
    await index('role_power_rel', ['role_id', 'power_type'], true);
    await b.create('user_role_rel', (t) => {
      t = stamps(b.autoId(t));
      t = b.big(t, 'user_id');
      return b.int(t, 'role_id', 1);
    });
    await index('user_role_rel', ['user_id'], true);
    await index('user_role_rel', ['role_id']);

    await b.create('badge', (t) => {
      t = stamps(b.objectId(t));
      t = b.str(t, 'name', 191, null);
      t = b.str(t, 'icon', 1024);
      t = b.int(t, 'award_count');
      t = b.text(t, 'description');
      t = b.int(t, 'status', 1);
      t = b.big(t, 'badge_group_id');
      t = b.int(t, 'level', 1);
      t = b.int(t, 'single', 1);
      t = b.str(t, 'collect', 128);
      t = b.str(t, 'handler', 128);
      return b.text(t, 'param');
    });
    await index('badge', ['collect', 'status']);
    await b.create('badge_group', (t) => {
      t = stamps(t.addColumn('id', 'integer', (c) => c.primaryKey()));
      return b.str(t, 'name', 191, null);
    });
    await b.create('badge_award', (t) => {
      t = stamps(b.objectId(t));
      t = b.big(t, 'user_id');
      t = b.big(t, 'badge_id');
      t = b.str(t, 'award_key', 64);
      t = b.big(t, 'badge_group_id');
      return b.int(t, 'is_badge_deleted');
    });
    await index('badge_award', ['user_id', 'badge_id', 'award_key'], true);
    await index('badge_award', ['badge_id', 'created_at']);
    await index('badge_award', ['badge_group_id']);

    // Our additions.
    await b.create('session', (t) => {
      t = t.addColumn('token', 'varchar(64)', (c) => c.primaryKey());
      t = b.str(t, 'visit_token', 64, null);
      t = b.big(t, 'user_id');
      t = b.time(t, 'created_at');
      t = b.time(t, 'expires_at');
      t = b.str(t, 'ip', 64);
      return b.str(t, 'user_agent', 255);
    });
    await index('session', ['visit_token']);
    await index('session', ['user_id']);
    await index('session', ['expires_at']);

    await b.create('email_code', (t) => {
      t = b.autoId(t);
      t = b.str(t, 'code_hash', 64, null);
      t = b.str(t, 'kind', 32, null);
      t = b.big(t, 'user_id');
      t = b.text(t, 'payload');
      t = b.time(t, 'created_at');
      t = b.time(t, 'expires_at');
      return b.time(t, 'used_at');
    });
    await index('email_code', ['code_hash'], true);
    await index('email_code', ['user_id', 'kind']);

    await b.create('outbox', (t) => {
      t = b.autoId(t);
      t = b.str(t, 'topic', 64, null);
      t = b.text(t, 'payload', { long: true });
      t = b.time(t, 'created_at');
      t = b.time(t, 'available_at');
      t = b.int(t, 'attempts');
      t = b.time(t, 'locked_until');
      t = b.time(t, 'done_at');
      return b.text(t, 'last_error');
    });
    await index('outbox', ['done_at', 'available_at']);

    await b.create('action_record', (t) => {
      t = b.autoId(t);
      t = b.str(t, 'action', 64, null);
      t = b.str(t, 'subject', 191, null);
      return b.time(t, 'created_at');
    });
    await index('action_record', ['action', 'subject', 'created_at']);

    // One row per (voter, post): the primary key makes concurrent identical votes count once.
    await b.create('vote', (t) => {
      t = b.big(t, 'user_id');
      t = b.big(t, 'object_id');
      t = b.int(t, 'direction');
      t = b.time(t, 'created_at');
      return t.addPrimaryKeyConstraint('pk_vote', ['user_id', 'object_id'] as never[]);
    });
    await index('vote', ['object_id', 'direction']);

    await b.create('question_view', (t) => {
      t = b.big(t, 'question_id');
      t = b.str(t, 'viewer', 64, null);
      t = b.time(t, 'viewed_at');
      return t.addPrimaryKeyConstraint('pk_question_view', ['question_id', 'viewer'] as never[]);
    });
  },
};
