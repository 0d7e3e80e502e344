import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/connect.js';
import { precompiled } from '../src/db/precompiled.js';

interface Schema {
  item: { id: number; owner: string; kind: number };
}

const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
afterAll(() => db.destroy());

describe('precompiled statements', () => {
  const byOwner = precompiled((d, slot) =>
    (d as unknown as Kysely<Schema>).selectFrom('item').select('id').where('owner', '=', slot('owner')).where('kind', '=', 2).where('id', '>', slot('after') as unknown as number).orderBy('id'),
  );
  const run = (values: Record<string, unknown>) => byOwner(db as unknown as Db, values);

  it('runs the compiled statement with each call’s values, keeping the constants it was built with', async () => {
    await db.schema.createTable('item').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('owner', 'text').addColumn('kind', 'integer').execute();
    await db.insertInto('item').values([
      { id: 1, owner: 'ann', kind: 2 },
      { id: 2, owner: 'ann', kind: 1 },
      { id: 3, owner: 'bob', kind: 2 },
      { id: 4, owner: 'ann', kind: 2 },
    ]).execute();
    expect(await run({ owner: 'ann', after: 0 })).toEqual([{ id: 1 }, { id: 4 }]);
    expect(await run({ owner: 'bob', after: 0 })).toEqual([{ id: 3 }]);
    expect(await run({ owner: 'ann', after: 1 })).toEqual([{ id: 4 }]);
  });

  it('takes values that look like slot markers as plain values, and refuses a missing value', async () => {
    expect(await run({ owner: '\u0000owner', after: 0 })).toEqual([]);
    await expect(run({ owner: 'ann' })).rejects.toThrow(/no value for after/);
  });
});

describe('precompiled statements on a site’s SQLite database (run on the connection itself)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompiled-'));
  const site = createDb({ driver: 'sqlite3', connection: path.join(dir, 'site.db') }) as unknown as Kysely<Schema>;
  afterAll(async () => {
    await site.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const ofOwner = precompiled((d, slot) => (d as unknown as Kysely<Schema>).selectFrom('item').select(['id', 'kind']).where('owner', '=', slot('owner')).orderBy('id'));
  const read = (owner: string) => ofOwner(site as unknown as Db, { owner });

  it('gives the rows Kysely would: numbers, and ids past 2^53 as strings', async () => {
    await site.schema.createTable('item').addColumn('id', 'bigint', (c) => c.primaryKey()).addColumn('owner', 'text').addColumn('kind', 'integer').execute();
    await site.insertInto('item').values([
      { id: 7, owner: 'ann', kind: 2 },
      { id: '10010000000000123' as unknown as number, owner: 'ann', kind: 1 },
    ]).execute();
    const viaKysely = await site.selectFrom('item').select(['id', 'kind']).where('owner', '=', 'ann').orderBy('id').execute();
    expect(await read('ann')).toEqual(viaKysely);
    expect(await read('ann')).toEqual([{ id: 7, kind: 2 }, { id: '10010000000000123', kind: 1 }]);
  });

  it('never sees a transaction’s uncommitted rows: a read during one waits for its end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = site.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ id: 8, owner: 'cat', kind: 2 }).execute();
      inserted();
      await held;
    });
    await written;
    let seen: unknown;
    const reading = read('cat').then((rows) => (seen = rows));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined();
    release();
    await transaction;
    await reading;
    expect(seen).toEqual([{ id: 8, kind: 2 }]);
  });
});
