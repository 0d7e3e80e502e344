import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * One account per e-mail address, decided by the database: addresses are stored trimmed and
 * lower-cased, and a unique key replaces the plain index, so concurrent sign-ups with one address
 * make exactly one account. Sites that already hold duplicates (made by the race this closes) keep
 * every account: the one that keeps the address is a verified one if any, else the oldest; the
 * others get a placeholder address naming their id, which no mail can reach and no login matches.
 */
export const uniqueUserEmail: Migration = {
  async up(db: Kysely<any>) {
    await db
      .updateTable('user')
      .set({ e_mail: sql`lower(trim(e_mail))` })
      .execute();
    const groups = await db
      .selectFrom('user')
      .select('e_mail')
      .groupBy('e_mail')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    for (const { e_mail } of groups) {
      const accounts = await db
        .selectFrom('user')
        .select(['id', 'mail_status'])
        .where('e_mail', '=', e_mail)
        .orderBy(sql`case when mail_status = 1 then 0 else 1 end`)
        .orderBy('id')
        .execute();
      for (const { id } of accounts.slice(1)) {
        await db.updateTable('user').set({ e_mail: `duplicate-${id}@invalid.invalid` }).where('id', '=', id).execute();
      }
    }
    // MySQL names the table of an index to drop; the others refuse the clause.
    const drop = db.schema.dropIndex('idx_user_e_mail');
    await (dialectOf(db) === 'mysql' ? drop.on('user') : drop).execute();
    await db.schema.createIndex('uq_user_e_mail').on('user').column('e_mail').unique().execute();
  },
};
