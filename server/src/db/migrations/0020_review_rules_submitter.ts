import type { Kysely, Migration } from 'kysely';

const RULES = ['delete_words', 'reputation', 'first_posts', 'review_words', 'links'];

/**
 * The site's review rules became the built-in reviewer plugin `review_rules`
 * (features/review/plugin.ts): the posts they held keep naming their rule, under the new name.
 */
export const reviewRulesSubmitter: Migration = {
  async up(db: Kysely<any>) {
    for (const rule of RULES) {
      await db.updateTable('review').set({ submitter: `review_rules.${rule}` }).where('submitter', '=', `builtin.${rule}`).execute();
    }
  },
};
