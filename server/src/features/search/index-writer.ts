import type { Kysely } from 'kysely';
import { type Doc, writeDocs } from './dialect-sql.js';
import { plainText } from '../../core/markdown.js';
import { terms } from './terms.js';
import { queueEmbedding } from '../ai/embeddings/outbox.js';

/**
 * Keeps the search index in step with posts. Called inside the transaction that changes a post's
 * text (ask, edit, approved suggestion, answer), so the index never disagrees with what was
 * committed. Deleting, hiding and pending are not written here: whether a post may be seen is
 * decided when searching, from the post's own row (queries.ts), so a status change cannot be
 * forgotten by the index. With semantic search on, the post's embedding is queued here too, in the
 * same transaction (features/ai/embeddings/outbox.ts).
 */
type Db = Kysely<any>;

/** A question's title and body, or an answer's body (its question's title is not its text). */
export function docOf(row: { id: string | number; title?: string; parsed_text: string }): Doc {
  return { id: String(row.id), title: terms(row.title ?? ''), body: terms(plainText(row.parsed_text)) };
}

export async function indexQuestion(trx: Db, id: string): Promise<void> {
  const row = await trx.selectFrom('question').select(['id', 'title', 'parsed_text']).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  await writeDocs(trx, [docOf(row)]);
  await queueEmbedding(trx, id);
}

export async function indexAnswer(trx: Db, id: string): Promise<void> {
  const row = await trx.selectFrom('answer').select(['id', 'parsed_text']).where('id', '=', id).executeTakeFirst();
  if (!row) return;
  await writeDocs(trx, [docOf(row)]);
  await queueEmbedding(trx, id);
}

/** Batch form for seeding and the backfills: rows already loaded (`titles`: see writeDocs). */
export async function indexRows(trx: Db, rows: { id: string | number; title?: string; parsed_text: string }[], options?: { titles: boolean }): Promise<void> {
  const BATCH = 200;
  for (let i = 0; i < rows.length; i += BATCH) await writeDocs(trx, rows.slice(i, i + BATCH).map(docOf), options);
}

