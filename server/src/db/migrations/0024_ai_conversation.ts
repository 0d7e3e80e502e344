import type { Kysely, Migration } from 'kysely';
import { tableBuilder } from './dialect.js';

/**
 * The assistant (features/ai): a member's conversations and their turns, and the usage counters
 * that make the daily limit per member and the site's monthly token budget exact under concurrency
 * (one row per scope and period, changed only by conditional single-statement updates, usage.ts).
 * `citations` is the JSON list of posts an answer cites; `report_reason` is set when the member
 * reported the answer.
 */
export const aiConversation: Migration = {
  async up(db: Kysely<any>) {
    const b = tableBuilder(db);
    await b.create('ai_conversation', (t) => {
      let table = b.autoId(t)
        .addColumn('conversation_id', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'bigint', (c) => c.notNull());
      table = b.text(table, 'topic');
      table = b.time(table, 'created_at');
      return b.time(table, 'updated_at');
    });
    await db.schema.createIndex('ai_conversation_user_idx').on('ai_conversation').columns(['user_id', 'updated_at']).execute();

    await b.create('ai_conversation_record', (t) => {
      let table = b.autoId(t)
        .addColumn('conversation_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('chat_completion_id', 'varchar(80)', (c) => c.notNull().unique())
        .addColumn('role', 'varchar(16)', (c) => c.notNull());
      table = b.text(table, 'content', { long: true });
      table = b.text(table, 'citations', { long: true });
      table = b.int(table, 'helpful');
      table = b.int(table, 'unhelpful');
      table = b.int(table, 'reported');
      table = b.text(table, 'report_reason');
      table = b.big(table, 'tokens');
      return b.time(table, 'created_at');
    });
    await db.schema.createIndex('ai_conversation_record_conv_idx').on('ai_conversation_record').columns(['conversation_id', 'id']).execute();

    await b.create('ai_usage', (t) =>
      b.big(t.addColumn('scope', 'varchar(80)', (c) => c.notNull()).addColumn('period', 'varchar(10)', (c) => c.notNull()), 'used')
        .addPrimaryKeyConstraint('ai_usage_pk', ['scope', 'period']),
    );
  },
};
