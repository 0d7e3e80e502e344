import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/connect.js';
import { migrations } from '../src/db/migrations/index.js';
import { isUniqueViolation } from '../src/db/errors.js';
import { type TestDatabase, testDatabases } from './support/databases.js';

/** The migration that makes e-mail addresses unique copes with a site that already has duplicates. */
describe.each(testDatabases())('unique e-mail migration on $name', ({ create }) => {
  let target: TestDatabase;
  let db: Db;
  const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

  beforeAll(async () => {
    target = await create();
    db = createDb({ driver: target.driver, connection: target.connection });
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.drop();
  });

  it('keeps every account, gives the address to a verified one (else the oldest), and refuses new duplicates', async () => {
    expect((await migrator().migrateTo('0001_initial_schema')).error).toBeUndefined();
    const user = (id: number, email: string, mailStatus: number) => ({
      id,
      username: `user${id}`,
      display_name: `User ${id}`,
      e_mail: email,
      pass: '',
      mail_status: mailStatus,
      status: 1,
      created_at: 0,
      updated_at: 0,
    });
    await db
      .insertInto('user')
      .values([
        user(1, 'Pat@Example.com', 2),
        user(2, 'pat@example.com ', 1),
        user(3, 'PAT@example.COM', 2),
        user(4, 'alone@example.com', 2),
        user(5, 'Old@Example.com', 2),
        user(6, 'old@example.com', 2),
      ] as never)
      .execute();

    const { error } = await migrator().migrateToLatest();
    expect(error).toBeUndefined();

    const rows = await db.selectFrom('user').select(['id', 'e_mail']).orderBy('id').execute();
    expect(rows.map((r) => [Number(r.id), r.e_mail])).toEqual([
      [1, 'duplicate-1@invalid.invalid'],
      [2, 'pat@example.com'],
      [3, 'duplicate-3@invalid.invalid'],
      [4, 'alone@example.com'],
      [5, 'old@example.com'],
      [6, 'duplicate-6@invalid.invalid'],
    ]);
    const again = await db
      .insertInto('user')
      .values(user(7, 'alone@example.com', 2) as never)
      .execute()
      .then(() => null, (err: unknown) => err);
    expect(isUniqueViolation(again)).toBe(true);
  });
});
