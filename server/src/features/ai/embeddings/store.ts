import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { objectTypeOf, OBJECT_TYPE } from '../../../core/ids.js';
import { plainText } from '../../../core/markdown.js';
import { dialectOf } from '../../../db/migrations/dialect.js';
import type { Database } from '../../../db/schema.js';
import { encodeVector } from './vector-codec.js';

type Db = Kysely<Database>;

/**
 * The text a post is embedded from: a question's title and body, an answer's body (as the full-text
 * index, features/search/index-writer.ts), in plain text, cut at MAX_CHARS. Embedding models read
 * 512 to 8,192 tokens; the opening of a post says what it is about, and a cut keeps calls bounded.
 */
export const MAX_CHARS = 6000;

export const textOf = (title: string, parsedText: string) => [title.trim(), plainText(parsedText)].filter(Boolean).join('\n\n').slice(0, MAX_CHARS);

export const contentHash = (text: string) => createHash('sha256').update(text).digest('hex');

export const kindOf = (id: string): 'question' | 'answer' | null =>
  objectTypeOf(id) === OBJECT_TYPE.question ? 'question' : objectTypeOf(id) === OBJECT_TYPE.answer ? 'answer' : null;

/** The texts of these posts, whatever their status (visibility is decided when searching). */
export async function postTexts(db: Db, ids: string[]): Promise<Map<string, string>> {
  const questionIds = ids.filter((id) => kindOf(id) === 'question');
  const answerIds = ids.filter((id) => kindOf(id) === 'answer');
  const [questions, answers] = await Promise.all([
    questionIds.length ? db.selectFrom('question').select(['id', 'title', 'parsed_text']).where('id', 'in', questionIds).execute() : [],
    answerIds.length ? db.selectFrom('answer').select(['id', 'parsed_text']).where('id', 'in', answerIds).execute() : [],
  ]);
  const texts = new Map<string, string>();
  for (const q of questions) texts.set(String(q.id), textOf(q.title, q.parsed_text));
  for (const a of answers) texts.set(String(a.id), textOf('', a.parsed_text));
  return texts;
}

/** The model and content hash stored for each of these posts. */
export async function storedStates(db: Db, ids: string[]): Promise<Map<string, { model: string; hash: string }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('ai_embedding').select(['object_id', 'model', 'content_hash']).where('object_id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.object_id), { model: r.model, hash: r.content_hash }]));
}

export interface NewEmbedding {
  id: string;
  hash: string;
  vector: Float32Array;
}

/** Writes (or replaces) embeddings made by `model`; returns the time they carry. */
export async function saveEmbeddings(db: Db, model: string, rows: NewEmbedding[]): Promise<number> {
  const t = Math.floor(Date.now() / 1000);
  if (!rows.length) return t;
  const values = rows.map((r) => ({ object_id: r.id, model, dims: r.vector.length, content_hash: r.hash, vector: encodeVector(r.vector), updated_at: t }));
  const insert = db.insertInto('ai_embedding').values(values);
  await (dialectOf(db) === 'mysql'
    ? insert.onDuplicateKeyUpdate((eb) => ({
        model: eb.fn('VALUES', [eb.ref('model')]),
        dims: eb.fn('VALUES', [eb.ref('dims')]),
        content_hash: eb.fn('VALUES', [eb.ref('content_hash')]),
        vector: eb.fn('VALUES', [eb.ref('vector')]),
        updated_at: eb.fn('VALUES', [eb.ref('updated_at')]),
      }))
    : insert.onConflict((oc) =>
        oc.column('object_id').doUpdateSet((eb) => ({
          model: eb.ref('excluded.model'),
          dims: eb.ref('excluded.dims'),
          content_hash: eb.ref('excluded.content_hash'),
          vector: eb.ref('excluded.vector'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
  ).execute();
  return t;
}
