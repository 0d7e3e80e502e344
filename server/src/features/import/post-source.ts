import type { Kysely } from 'kysely';
import type { PostSource } from '@answer/contract';
import type { Database } from '../../db/schema.js';

type Reader = Pick<Kysely<Database>, 'selectFrom'>;

/** Attributions of the given posts; posts written here have none and are left out. */
export async function sourcesOf(db: Reader, ids: string[]): Promise<Map<string, PostSource>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('post_source').select(['object_id', 'url', 'author_name', 'author_url', 'license']).where('object_id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.object_id), { url: r.url, author_name: r.author_name, author_url: r.author_url, license: r.license }]));
}

/**
 * The imported part of each post's score (post_source.base_score), for the vote counters: a post's
 * vote_count is this plus its vote rows. Posts without a source are left out (their base is 0).
 */
export async function importedScores(db: Reader, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('post_source').select(['object_id', 'base_score']).where('object_id', 'in', ids).where('base_score', '!=', 0).execute();
  return new Map(rows.map((r) => [String(r.object_id), Number(r.base_score)]));
}

export async function importedScore(db: Reader, id: string): Promise<number> {
  return (await importedScores(db, [id])).get(id) ?? 0;
}
