import { sql } from 'kysely';
import type { ImportContext } from './context.js';
import { placeholderEmail, siteSalt, usernameOf } from './users.js';
import { insertNew } from '../insert-new.js';

/**
 * The ids of one object type from this dump's first on: its rows, and any written after the
 * import began (later imports, new posts), whose values the statements below derive the same way.
 */
const range = (first: string) => [first, `${first.slice(0, 4)}${'9'.repeat(13)}`] as const;

/**
 * What can only be known once every file was read, written in set-based statements (one each, not
 * one per row): answer counts, last answers, accepted answers that exist, revision pointers, and
 * every counter `answer check --counters` recomputes, made equal to what it would count. Each
 * statement sets values from the rows, so running it again changes nothing.
 */
export async function finishImport(ctx: ImportContext): Promise<void> {
  const db = ctx.db;
  const [qLo, qHi] = range(ctx.ids.question(0));
  const [aLo, aHi] = range(ctx.ids.answer(0));
  const [cLo, cHi] = range(ctx.ids.comment(0));
  await insertNew(db, 'user', [communityAccount(ctx)]);
  const firstUser = ctx.ids.user(-1);

  await db.transaction().execute(async (trx) => {
    // An accepted answer the dump lacks (deleted before the dump) is no accepted answer.
    await trx
      .updateTable('question')
      .set({ accepted_answer_id: '0' })
      .where('id', '>=', qLo)
      .where('id', '<=', qHi)
      .where('accepted_answer_id', '!=', '0')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('answer').select('answer.id').whereRef('answer.id', '=', 'question.accepted_answer_id').whereRef('answer.question_id', '=', 'question.id'))))
      .execute();
    await trx.updateTable('answer').set({ adopted: 1 }).where('id', '>=', aLo).where('id', '<=', aHi).where('adopted', '!=', 1).execute();
    await trx
      .updateTable('answer')
      .set({ adopted: 2 })
      .where('id', 'in', (eb) => eb.selectFrom('question').select('question.accepted_answer_id').where('question.id', '>=', qLo).where('question.id', '<=', qHi).where('question.accepted_answer_id', '!=', '0'))
      .execute();
    await trx
      .updateTable('question')
      .set((eb) => ({
        answer_count: eb.selectFrom('answer').select((e) => e.fn.countAll<number>().as('n')).whereRef('answer.question_id', '=', 'question.id').where('answer.status', '=', 1),
        last_answer_id: eb.fn.coalesce(
          eb.selectFrom('answer').select('answer.id').whereRef('answer.question_id', '=', 'question.id').where('answer.status', '=', 1).orderBy('answer.created_at', 'desc').orderBy('answer.id', 'desc').limit(1),
          sql.lit('0'),
        ),
        revision_id: eb.fn.coalesce(eb.selectFrom('revision').select((e) => e.fn.max('revision.id').as('r')).whereRef('revision.object_id', '=', 'question.id'), sql.lit(0)),
      }))
      .where('id', '>=', qLo)
      .where('id', '<=', qHi)
      .execute();
    await trx
      .updateTable('answer')
      .set((eb) => ({ revision_id: eb.fn.coalesce(eb.selectFrom('revision').select((e) => e.fn.max('revision.id').as('r')).whereRef('revision.object_id', '=', 'answer.id'), sql.lit(0)) }))
      .where('id', '>=', aLo)
      .where('id', '<=', aHi)
      .execute();
  });

  await db.transaction().execute(async (trx) => {
    // Scores: the vote rows a dump named count themselves; the base is the rest of the dump's score.
    for (const [table, lo, hi] of [['question', qLo, qHi], ['answer', aLo, aHi], ['comment', cLo, cHi]] as const) {
      await trx
        .updateTable('post_source')
        .set((eb) => ({
          base_score: sql<number>`${eb.selectFrom(table).select(`${table}.vote_count`).whereRef(`${table}.id`, '=', 'post_source.object_id')} - ${eb.fn.coalesce(eb.selectFrom('vote').select((e) => e.fn.sum<number>('vote.direction').as('s')).whereRef('vote.object_id', '=', 'post_source.object_id'), sql.lit(0))}`,
        }))
        .where('object_id', '>=', lo)
        .where('object_id', '<=', hi)
        .where((eb) => eb.exists(eb.selectFrom('vote').select('vote.object_id').whereRef('vote.object_id', '=', 'post_source.object_id')))
        .execute();
    }
    await trx
      .updateTable('user')
      .set((eb) => ({
        question_count: eb.selectFrom('question').select((e) => e.fn.countAll<number>().as('n')).whereRef('question.user_id', '=', 'user.id').where('question.status', 'in', [1, 2]),
        answer_count: eb.selectFrom('answer').select((e) => e.fn.countAll<number>().as('n')).whereRef('answer.user_id', '=', 'user.id').where('answer.status', '=', 1),
      }))
      .where('id', '>=', firstUser)
      .execute();
    await trx
      .updateTable('tag')
      .set((eb) => ({
        question_count: eb
          .selectFrom('tag_rel')
          .innerJoin('question', 'question.id', 'tag_rel.object_id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('tag_rel.tag_id', '=', 'tag.id')
          .where('tag_rel.status', '=', 1)
          .where('question.status', 'in', [1, 2])
          .where('question.show', '=', 1),
      }))
      .execute();
    await trx
      .updateTable('badge')
      .set((eb) => ({
        award_count: eb.selectFrom('badge_award').select((e) => e.fn.countAll<number>().as('n')).whereRef('badge_award.badge_id', '=', 'badge.id').where('badge_award.is_badge_deleted', '=', 0),
      }))
      .execute();
  });
}

/** The dump's Community account (-1), which also holds posts of deleted accounts; made when Users.xml lacks it. */
function communityAccount(ctx: ImportContext) {
  const t = Math.floor(Date.now() / 1000);
  return {
    id: ctx.communityId,
    created_at: t,
    updated_at: t,
    username: usernameOf(-1, 'Community', siteSalt(ctx.site.host)),
    pass: '',
    e_mail: placeholderEmail(-1, ctx.site.host),
    mail_status: 1,
    status: 1,
    rank: 1,
    display_name: 'Community',
    avatar: JSON.stringify({ type: '', gravatar: '', custom: '' }),
  };
}
