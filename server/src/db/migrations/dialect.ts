import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
  sql,
} from 'kysely';

export type DialectName = 'sqlite3' | 'postgres' | 'mysql';

export function dialectOf(db: Kysely<any>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof MysqlAdapter) return 'mysql';
  return 'sqlite3';
}

/**
 * Column helpers that hide the three dialects' differences, so migrations read as one list:
 * autoincrement keys, long texts (MySQL TEXT stops at 64 KB) and text defaults (MySQL needs the
 * parenthesised expression form).
 */
export function tableBuilder(db: Kysely<any>) {
  const dialect = dialectOf(db);
  const longText = dialect === 'mysql' ? sql`mediumtext` : sql`text`;
  const emptyText = dialect === 'mysql' ? sql`('')` : sql`''`;

  return {
    dialect,
    create(name: string, build: (t: CreateTableBuilder<string, never>) => CreateTableBuilder<string, any>) {
      let table = db.schema.createTable(name);
      if (dialect === 'mysql') table = table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
      return build(table as CreateTableBuilder<string, never>).execute();
    },
    /** Plain autoincrement primary key. */
    autoId<T extends CreateTableBuilder<string, any>>(t: T, column = 'id'): T {
      if (dialect === 'sqlite3') return t.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement()) as T;
      if (dialect === 'postgres') return t.addColumn(column, 'bigserial', (c) => c.primaryKey()) as T;
      return t.addColumn(column, 'bigint', (c) => c.primaryKey().autoIncrement()) as T;
    },
    /** A 17-digit object id primary key (allocated from uniqid). */
    objectId<T extends CreateTableBuilder<string, any>>(t: T): T {
      return t.addColumn('id', 'bigint', (c) => c.primaryKey()) as T;
    },
    /** Unix-seconds time column, 0 when unset. */
    time<T extends CreateTableBuilder<string, any>>(t: T, column: string): T {
      return t.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)) as T;
    },
    int<T extends CreateTableBuilder<string, any>>(t: T, column: string, value = 0): T {
      return t.addColumn(column, 'integer', (c) => c.notNull().defaultTo(value)) as T;
    },
    big<T extends CreateTableBuilder<string, any>>(t: T, column: string, value = 0): T {
      return t.addColumn(column, 'bigint', (c) => c.notNull().defaultTo(value)) as T;
    },
    str<T extends CreateTableBuilder<string, any>>(t: T, column: string, length: number, value: string | null = ''): T {
      return t.addColumn(column, sql`varchar(${sql.raw(String(length))})`, (c: ColumnDefinitionBuilder) =>
        value === null ? c.notNull() : c.notNull().defaultTo(value),
      ) as T;
    },
    text<T extends CreateTableBuilder<string, any>>(t: T, column: string, { long = false } = {}): T {
      return t.addColumn(column, long ? longText : sql`text`, (c) => c.notNull().defaultTo(emptyText)) as T;
    },
  };
}
