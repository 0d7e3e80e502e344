import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { StatementCache } from '../src/db/statement-cache.js';

interface Schema {
  item: { id: number; name: string; extra?: string | null };
}

let open: Kysely<Schema>[] = [];

function makeDb(limit = 500) {
  const database = new SqliteDatabase(':memory:');
  const cache = new StatementCache(database, limit);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cache }) });
  open.push(db);
  return { db, cache, database };
}

afterEach(async () => {
  for (const db of open) await db.destroy();
  open = [];
});

describe('SQLite statement cache', () => {
  it('hands back the same compiled statement for the same SQL text', () => {
    const { cache } = makeDb();
    const a = cache.prepare('select 1 as one');
    expect(cache.prepare('select 1 as one')).toBe(a);
    expect(cache.prepare('select 2 as two')).not.toBe(a);
    expect(cache.size).toBe(2);
  });

  it('never grows past its bound and drops the least recently used statement first', () => {
    const { cache } = makeDb(10);
    const kept = cache.prepare('select 0 as n');
    for (let i = 1; i <= 100; i++) {
      cache.prepare(`select ${i} as n`);
      // Used again on every round, so it stays the most recently used.
      expect(cache.prepare('select 0 as n')).toBe(kept);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    expect(cache.size).toBe(10);
    const oldest = cache.prepare('select 1 as n');
    expect(cache.prepare('select 1 as n')).toBe(oldest);
    expect(cache.size).toBe(10);
  });

  it('gives correct results when statements are reused for selects, inserts and returning', async () => {
    const { db, cache } = makeDb();
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    for (let i = 1; i <= 5; i++) {
      const res = await db.insertInto('item').values({ id: i, name: `n${i}` }).executeTakeFirst();
      expect(Number(res.insertId)).toBe(i);
      expect(Number(res.numInsertedOrUpdatedRows)).toBe(1);
    }
    for (let i = 6; i <= 8; i++) {
      const row = await db.insertInto('item').values({ id: i, name: `n${i}` }).returning(['id', 'name']).executeTakeFirstOrThrow();
      expect(row).toEqual({ id: i, name: `n${i}` });
    }
    for (let i = 1; i <= 8; i++) {
      expect(await db.selectFrom('item').select('name').where('id', '=', i).executeTakeFirst()).toEqual({ name: `n${i}` });
    }
    const updated = await db.updateTable('item').set({ name: 'x' }).where('id', '>', 6).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    const deleted = await db.deleteFrom('item').where('id', '>', 6).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(2);
    expect(await db.selectFrom('item').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst()).toEqual({ n: 6 });
    // The same SQL text was compiled once per shape: single-row select, insert, insert-returning, ...
    expect(cache.size).toBeLessThan(10);
  });

  it('keeps working across schema changes (migrations adding columns, tables rebuilt)', async () => {
    const { db } = makeDb();
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('item').values({ id: 1, name: 'a' }).execute();
    const all = () => db.selectFrom('item').selectAll().orderBy('id').execute();
    expect(await all()).toEqual([{ id: 1, name: 'a' }]);

    await db.schema.alterTable('item').addColumn('extra', 'text').execute();
    expect(await all()).toEqual([{ id: 1, name: 'a', extra: null }]);
    await db.insertInto('item').values({ id: 2, name: 'b', extra: 'e' }).execute();
    expect(await all()).toEqual([
      { id: 1, name: 'a', extra: null },
      { id: 2, name: 'b', extra: 'e' },
    ]);

    await db.schema.dropTable('item').execute();
    await expect(all()).rejects.toThrow(/no such table/);
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('item').values({ id: 3, name: 'c' }).execute();
    expect(await all()).toEqual([{ id: 3, name: 'c' }]);
  });

  it('does not hand out a statement whose iterator is still open', () => {
    const { cache, database } = makeDb();
    database.exec("create table item (id integer primary key, name text); insert into item values (1, 'a'), (2, 'b')");
    const first = cache.prepare('select id from item order by id');
    const iterator = first.iterate([]);
    iterator.next();
    const second = cache.prepare('select id from item order by id');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ id: 1 }, { id: 2 }]);
    iterator.return?.();
    expect(cache.prepare('select id from item order by id')).toBe(first);
  });
});
