import type { Kysely, Migration } from 'kysely';

/**
 * A person's questions as a visitor may list them (features/personal/posts.ts): their author, shown,
 * and of a listed status. Without this index SQLite, which keeps no statistics here, took the
 * (show, status) index, which holds nearly every question, and read the whole site for one profile
 * (26 ms at 20,000 questions, growing with the site); with it, it reads one person's questions
 * (0.2 ms). Members and staff see more statuses and use the author's (user_id, created_at) index.
 */
export const personalListsIndex: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_question_user_id_show_status').on('question').columns(['user_id', 'show', 'status']).execute();
  },
};
