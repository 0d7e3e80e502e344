import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.js';
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
