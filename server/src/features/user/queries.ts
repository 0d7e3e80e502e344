import type { Db } from '../../db/connect.js';

export async function findUserById(db: Db, id: string | number) {
  return db.selectFrom('user').selectAll().where('id', '=', String(id)).executeTakeFirst();
}

/** E-mail uniqueness is checked case-insensitively; stored addresses are lower-cased on write. */
export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('user').selectAll().where('e_mail', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('user').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function roleOf(db: Db, userId: string | number): Promise<number> {
  const row = await db.selectFrom('user_role_rel').select('role_id').where('user_id', '=', String(userId)).executeTakeFirst();
  return Number(row?.role_id ?? 1);
}
