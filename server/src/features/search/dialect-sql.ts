import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DialectName, dialectOf } from '../../db/migrations/dialect.js';

/**
 * The per-database half of search: how the text index is created, written and matched. Posts are
 * indexed as two term lists (title, body) made by terms.ts, so all three engines see the same words:
 *
 * - SQLite: an FTS5 table without stored content (contentless_delete keeps deletes possible),
 *   rowid = the post's id; relevance is bm25 with the title weighted 10:1.
 * - PostgreSQL: `search_doc.tsv` with a GIN index, the title at weight A and the body at B, built
 *   with the 'simple' configuration (no stemming or stop words: one site mixes languages, and the
 *   terms are already normalised); relevance is ts_rank, title-only rank counted 10 times.
 * - MySQL/MariaDB: InnoDB FULLTEXT on (title) and (title, body). InnoDB skips words shorter than
 *   innodb_ft_min_token_size (3) and its stop words ("the", "is"), both server settings a site may
 *   not change, so every term is stored and queried with a "__" suffix: "c__", "is__", "配置__"
 *   are all long enough and none is a stop word.
 */
export interface Doc {
  id: string;
  title: string[];
  body: string[];
}

export const MYSQL_SUFFIX = '__';
const mysqlText = (list: string[]) => list.map((t) => t + MYSQL_SUFFIX).join(' ');

export async function createIndexStructures(db: Kysely<any>): Promise<void> {
  switch (dialectOf(db)) {
    case 'sqlite3':
      await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
      return;
    case 'postgres':
      await sql`CREATE TABLE search_doc (object_id bigint PRIMARY KEY, tsv tsvector NOT NULL)`.execute(db);
      await sql`CREATE INDEX idx_search_doc_tsv ON search_doc USING gin (tsv)`.execute(db);
      return;
    case 'mysql':
      // Binary collation: terms are normalised already, and a _ci collation would equate more.
      await sql`CREATE TABLE search_doc (
        object_id bigint PRIMARY KEY,
        title_terms mediumtext NOT NULL,
        body_terms mediumtext NOT NULL,
        FULLTEXT KEY ft_search_title (title_terms),
        FULLTEXT KEY ft_search_all (title_terms, body_terms)
      ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`.execute(db);
      return;
  }
}

/** Writes (or rewrites) the index rows of these posts. */
export async function writeDocs(db: Kysely<any>, docs: Doc[]): Promise<void> {
  if (!docs.length) return;
  const dialect = dialectOf(db);
  if (dialect === 'sqlite3') {
    await removeDocs(db, docs.map((d) => d.id));
    for (const d of docs) await sql`INSERT INTO search_fts (rowid, title, body) VALUES (${d.id}, ${d.title.join(' ')}, ${d.body.join(' ')})`.execute(db);
    return;
  }
  if (dialect === 'postgres') {
    const rows = docs.map((d) => sql`(${d.id}, setweight(to_tsvector('simple'::regconfig, ${d.title.join(' ')}::text), 'A') || setweight(to_tsvector('simple'::regconfig, ${d.body.join(' ')}::text), 'B'))`);
    await sql`INSERT INTO search_doc (object_id, tsv) VALUES ${sql.join(rows)} ON CONFLICT (object_id) DO UPDATE SET tsv = excluded.tsv`.execute(db);
    return;
  }
  const rows = docs.map((d) => sql`(${d.id}, ${mysqlText(d.title)}, ${mysqlText(d.body)})`);
  await sql`INSERT INTO search_doc (object_id, title_terms, body_terms) VALUES ${sql.join(rows)} ON DUPLICATE KEY UPDATE title_terms = VALUES(title_terms), body_terms = VALUES(body_terms)`.execute(db);
}

/** Removes the index rows of these posts (a purge; status changes leave them, see index-writer.ts). */
export async function removeDocs(db: Kysely<any>, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (dialectOf(db) === 'sqlite3') await sql`DELETE FROM search_fts WHERE rowid IN (${list})`.execute(db);
  else await sql`DELETE FROM search_doc WHERE object_id IN (${list})`.execute(db);
}

/**
 * How a query reads matching posts: `from(table, alias)` starts at the index and joins the posts
 * (SQLite's planner otherwise walks every post and asks FTS5 about each one: CROSS JOIN fixes the
 * order there), `where` keeps the matches and `rank` scores them.
 */
export interface TextMatch {
  from: (table: 'question' | 'answer', alias: string) => RawBuilder<unknown>;
  where: RawBuilder<boolean>;
  rank: RawBuilder<number>;
}

/** All phrases must match (a search). */
export function matchAll(dialect: DialectName, phrases: string[][]): TextMatch {
  switch (dialect) {
    case 'sqlite3': {
      const expr = phrases.map((p) => `"${p.join(' ')}"`).join(' AND ');
      return {
        from: (table, alias) => sql`search_fts CROSS JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_fts.rowid`,
        where: sql<boolean>`search_fts MATCH ${expr}`,
        rank: sql<number>`(-bm25(search_fts, 10.0, 1.0))`,
      };
    }
    case 'postgres': {
      const query = sql.join(
        phrases.map((p) => sql`phraseto_tsquery('simple'::regconfig, ${p.join(' ')}::text)`),
        sql` && `,
      );
      return {
        from: (table, alias) => sql`search_doc JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_doc.object_id`,
        where: sql<boolean>`search_doc.tsv @@ (${query})`,
        rank: sql<number>`(ts_rank('{0,0,0,1}', search_doc.tsv, ${query}) * 10 + ts_rank(search_doc.tsv, ${query}))`,
      };
    }
    case 'mysql': {
      const expr = phrases.map((p) => (p.length === 1 ? `+${p[0]}${MYSQL_SUFFIX}` : `+"${mysqlText(p)}"`)).join(' ');
      return {
        from: (table, alias) => sql`search_doc JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_doc.object_id`,
        where: sql<boolean>`MATCH (search_doc.title_terms, search_doc.body_terms) AGAINST (${expr} IN BOOLEAN MODE)`,
        rank: sql<number>`(MATCH (search_doc.title_terms) AGAINST (${expr} IN BOOLEAN MODE) * 10 + MATCH (search_doc.title_terms, search_doc.body_terms) AGAINST (${expr} IN BOOLEAN MODE))`,
      };
    }
  }
}

/** Any phrase in the title (title suggestions); the rank favours titles sharing more and rarer terms. */
export function matchAnyTitle(dialect: DialectName, phrases: string[][]): TextMatch {
  switch (dialect) {
    case 'sqlite3': {
      const expr = `title : (${phrases.map((p) => `"${p.join(' ')}"`).join(' OR ')})`;
      return {
        from: (table, alias) => sql`search_fts CROSS JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_fts.rowid`,
        where: sql<boolean>`search_fts MATCH ${expr}`,
        rank: sql<number>`(-bm25(search_fts, 1.0, 0.0))`,
      };
    }
    case 'postgres': {
      // Terms hold letters and digits only, so quoting them makes a safe tsquery text.
      const text = phrases.map((p) => `(${p.map((t) => `'${t}':A`).join(' <-> ')})`).join(' | ');
      const query = sql`to_tsquery('simple'::regconfig, ${text}::text)`;
      return {
        from: (table, alias) => sql`search_doc JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_doc.object_id`,
        where: sql<boolean>`search_doc.tsv @@ ${query}`,
        rank: sql<number>`ts_rank('{0,0,0,1}', search_doc.tsv, ${query})`,
      };
    }
    case 'mysql': {
      const expr = phrases.map((p) => (p.length === 1 ? `${p[0]}${MYSQL_SUFFIX}` : `"${mysqlText(p)}"`)).join(' ');
      return {
        from: (table, alias) => sql`search_doc JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_doc.object_id`,
        where: sql<boolean>`MATCH (search_doc.title_terms) AGAINST (${expr} IN BOOLEAN MODE)`,
        rank: sql<number>`MATCH (search_doc.title_terms) AGAINST (${expr} IN BOOLEAN MODE)`,
      };
    }
  }
}
