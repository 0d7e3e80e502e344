import { type Kysely, type RawBuilder, sql } from 'kysely';
import { OBJECT_TYPE } from '../../core/ids.js';
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
 *
 * Titles also have an index of their own (migration 0015): SQLite `search_title_fts`, PostgreSQL
 * `search_doc.title_tsv` with its own GIN index (MySQL had one already). A query for words in titles
 * then reads only the titles' postings, about a twentieth of the whole index's for a common word,
 * instead of every post holding the word and then checking where it stands.
 */
export interface Doc {
  id: string;
  title: string[];
  body: string[];
}

export const MYSQL_SUFFIX = '__';

/**
 * The ids of each kind of post: a long id is 1, the type code in three digits, then the shared
 * sequence (core/ids.ts), so each kind is one range of the index and, within it, newer is larger.
 */
const idRange = (type: number): [string, string] => [`1${String(type).padStart(3, '0')}${'0'.repeat(13)}`, `1${String(type).padStart(3, '0')}${'9'.repeat(13)}`];
export const ID_RANGE = { question: idRange(OBJECT_TYPE.question), answer: idRange(OBJECT_TYPE.answer) };
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

/** The title index of migration 0015 (see above). */
export async function createTitleStructures(db: Kysely<any>): Promise<void> {
  switch (dialectOf(db)) {
    case 'sqlite3':
      await sql`CREATE VIRTUAL TABLE search_title_fts USING fts5(title, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
      return;
    case 'postgres':
      // The title's lexemes are the weight-A part of the whole text's vector: no re-reading of posts.
      await sql`ALTER TABLE search_doc ADD COLUMN title_tsv tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
      await sql`UPDATE search_doc SET title_tsv = ts_filter(tsv, '{a}') WHERE object_id BETWEEN ${ID_RANGE.question[0]} AND ${ID_RANGE.question[1]}`.execute(db);
      await sql`CREATE INDEX idx_search_doc_title_tsv ON search_doc USING gin (title_tsv)`.execute(db);
      return;
    case 'mysql':
      return;
  }
}

/**
 * Writes (or rewrites) the index rows of these posts. `titles: false` leaves out the title index,
 * for migration 0005's backfill, which runs before that index exists (0015 fills it afterwards).
 * `fresh`: the posts were written just now, in this transaction, so SQLite has no index rows of
 * theirs to remove first (looking up ids that are not there took 5 s of a million-post import).
 */
export async function writeDocs(db: Kysely<any>, docs: Doc[], { titles = true, fresh = false } = {}): Promise<void> {
  if (!docs.length) return;
  const dialect = dialectOf(db);
  if (dialect === 'sqlite3') {
    if (!fresh) await removeDocs(db, docs.map((d) => d.id), { titles });
    await sql`INSERT INTO search_fts (rowid, title, body) VALUES ${sql.join(docs.map((d) => sql`(${d.id}, ${d.title.join(' ')}, ${d.body.join(' ')})`))}`.execute(db);
    if (titles) await writeSqliteTitles(db, docs);
    return;
  }
  if (dialect === 'postgres') {
    const vector = (d: Doc) => sql`setweight(to_tsvector('simple'::regconfig, ${d.title.join(' ')}::text), 'A') || setweight(to_tsvector('simple'::regconfig, ${d.body.join(' ')}::text), 'B')`;
    if (!titles) {
      await sql`INSERT INTO search_doc (object_id, tsv) VALUES ${sql.join(docs.map((d) => sql`(${d.id}, ${vector(d)})`))} ON CONFLICT (object_id) DO UPDATE SET tsv = excluded.tsv`.execute(db);
      return;
    }
    const rows = docs.map((d) => sql`(${d.id}, ${vector(d)}, setweight(to_tsvector('simple'::regconfig, ${d.title.join(' ')}::text), 'A'))`);
    await sql`INSERT INTO search_doc (object_id, tsv, title_tsv) VALUES ${sql.join(rows)} ON CONFLICT (object_id) DO UPDATE SET tsv = excluded.tsv, title_tsv = excluded.title_tsv`.execute(db);
    return;
  }
  const rows = docs.map((d) => sql`(${d.id}, ${mysqlText(d.title)}, ${mysqlText(d.body)})`);
  await sql`INSERT INTO search_doc (object_id, title_terms, body_terms) VALUES ${sql.join(rows)} ON DUPLICATE KEY UPDATE title_terms = VALUES(title_terms), body_terms = VALUES(body_terms)`.execute(db);
}

/** Questions' titles into SQLite's title index (answers have none), several rows a statement. */
export async function writeSqliteTitles(db: Kysely<any>, docs: Pick<Doc, 'id' | 'title'>[]): Promise<void> {
  const rows = docs.filter((d) => d.title.length).map((d) => sql`(${d.id}, ${d.title.join(' ')})`);
  if (rows.length) await sql`INSERT INTO search_title_fts (rowid, title) VALUES ${sql.join(rows)}`.execute(db);
}

/** Removes the index rows of these posts (a purge; status changes leave them, see index-writer.ts). */
export async function removeDocs(db: Kysely<any>, ids: string[], { titles = true } = {}): Promise<void> {
  if (!ids.length) return;
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (dialectOf(db) !== 'sqlite3') {
    await sql`DELETE FROM search_doc WHERE object_id IN (${list})`.execute(db);
    return;
  }
  await sql`DELETE FROM search_fts WHERE rowid IN (${list})`.execute(db);
  if (titles) await sql`DELETE FROM search_title_fts WHERE rowid IN (${list})`.execute(db);
}

/**
 * How a query reads matching posts: `from(table, alias)` starts at the index and joins the posts
 * (SQLite's planner otherwise walks every post and asks FTS5 about each one: CROSS JOIN fixes the
 * order there), `where` keeps the matches, `id` is the index's post id (a search reads each kind's
 * id range newest first, see queries.ts) and `rank` scores a match (see matchAll).
 */
export interface TextMatch {
  /** The index alone, for counting matches without reading posts. */
  index: RawBuilder<unknown>;
  from: (table: 'question' | 'answer', alias: string) => RawBuilder<unknown>;
  where: RawBuilder<boolean>;
  id: RawBuilder<unknown>;
  rank: RawBuilder<number> | null;
  /**
   * Whether `rank` belongs in the reading query itself: SQLite's bm25 is a function of the index
   * row, and InnoDB computes MATCH's score while it searches (asked again around the read, it
   * searches again). PostgreSQL's ts_rank reads only the rows it is given, so it goes around.
   */
  rankInline: boolean;
}

const ftsFrom = (index: string) => (table: 'question' | 'answer', alias: string) =>
  sql`${sql.table(index)} CROSS JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = ${sql.ref(`${index}.rowid`)}`;
const docFrom = (table: 'question' | 'answer', alias: string) =>
  sql`search_doc JOIN ${sql.table(table)} ${sql.raw(alias)} ON ${sql.ref(`${alias}.id`)} = search_doc.object_id`;
const ftsPhrases = (phrases: string[][]) => phrases.map((p) => `"${p.join(' ')}"`).join(' AND ');
const tsPhrases = (phrases: string[][]) =>
  sql.join(
    phrases.map((p) => sql`phraseto_tsquery('simple'::regconfig, ${p.join(' ')}::text)`),
    sql` && `,
  );
const mysqlPhrases = (phrases: string[][]) => phrases.map((p) => (p.length === 1 ? `+${p[0]}${MYSQL_SUFFIX}` : `+"${mysqlText(p)}"`)).join(' ');

/**
 * All phrases must match (a search). PostgreSQL's ts_rank scores only the rows it is given, in a
 * query around the bounded read. InnoDB scores while it searches, which it does for every match
 * whatever the LIMIT (its FULLTEXT cannot be read in id order). SQLite's bm25, before scoring one
 * row, counts every post holding each phrase (7 ms for two common words at 100,000 questions, ten
 * times that at a million): queries.ts asks for it only when every phrase is rare.
 */
export function matchAll(dialect: DialectName, phrases: string[][]): TextMatch {
  switch (dialect) {
    case 'sqlite3':
      return {
        index: sql`search_fts`,
        from: ftsFrom('search_fts'),
        where: sql<boolean>`search_fts MATCH ${ftsPhrases(phrases)}`,
        id: sql`search_fts.rowid`,
        rank: sql<number>`(-bm25(search_fts, 10.0, 1.0))`,
        rankInline: true,
      };
    case 'postgres': {
      const query = tsPhrases(phrases);
      return {
        index: sql`search_doc`,
        from: docFrom,
        where: sql<boolean>`search_doc.tsv @@ (${query})`,
        id: sql`search_doc.object_id`,
        rank: sql<number>`(ts_rank('{0,0,0,1}', search_doc.tsv, ${query}) * 10 + ts_rank(search_doc.tsv, ${query}))`,
        rankInline: false,
      };
    }
    case 'mysql': {
      const expr = mysqlPhrases(phrases);
      return {
        index: sql`search_doc`,
        from: docFrom,
        where: sql<boolean>`MATCH (search_doc.title_terms, search_doc.body_terms) AGAINST (${expr} IN BOOLEAN MODE)`,
        id: sql`search_doc.object_id`,
        rank: sql<number>`(MATCH (search_doc.title_terms) AGAINST (${expr} IN BOOLEAN MODE) * 10 + MATCH (search_doc.title_terms, search_doc.body_terms) AGAINST (${expr} IN BOOLEAN MODE))`,
        rankInline: true,
      };
    }
  }
}

/** All phrases in the title, from the titles' own index (questions only). */
export function matchAllInTitle(dialect: DialectName, phrases: string[][]): TextMatch {
  switch (dialect) {
    case 'sqlite3':
      return { index: sql`search_title_fts`, from: ftsFrom('search_title_fts'), where: sql<boolean>`search_title_fts MATCH ${ftsPhrases(phrases)}`, id: sql`search_title_fts.rowid`, rank: null, rankInline: true };
    case 'postgres':
      return { index: sql`search_doc`, from: docFrom, where: sql<boolean>`search_doc.title_tsv @@ (${tsPhrases(phrases)})`, id: sql`search_doc.object_id`, rank: null, rankInline: false };
    case 'mysql':
      return {
        index: sql`search_doc`,
        from: docFrom,
        where: sql<boolean>`MATCH (search_doc.title_terms) AGAINST (${mysqlPhrases(phrases)} IN BOOLEAN MODE)`,
        id: sql`search_doc.object_id`,
        rank: null,
        rankInline: true,
      };
  }
}
