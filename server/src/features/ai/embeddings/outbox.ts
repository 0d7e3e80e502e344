import type { Kysely } from 'kysely';
import { enqueue, pendingPayloads } from '../../../core/outbox.js';
import type { Database } from '../../../db/schema.js';
import type { Runtime } from '../../../runtime.js';
import { changedQuestionLists } from '../../question/list-cache.js';
import { AI_DEFAULTS, type AiStored } from '../stored.js';
import { EmbeddingFailure } from './client.js';
import { BATCH, embedPosts } from './embed-posts.js';
import { embeddingModelOf, embeddingSetup } from './setup.js';

/** Outbox topic: one row per written post, `{id}`. */
export const EMBED_TOPIC = 'ai.embed';
/** A background call may take its time (a local model on a CPU embeds a batch in seconds). */
const TIMEOUT_MS = 60_000;

/**
 * Queues a post's embedding in the transaction that writes its text (features/search/index-writer.ts),
 * only while semantic search is on: the row exists exactly when the write does, and the provider is
 * called after the commit, so a slow or failing provider never holds up or fails a post. The
 * switch is read from the transaction (the writers have no runtime at hand): one row by its unique
 * key, nothing more.
 */
export async function queueEmbedding(trx: Kysely<Database>, id: string): Promise<void> {
  const row = await trx.selectFrom('site_info').select('content').where('type', '=', 'ai').where('status', '=', 1).executeTakeFirst();
  if (!row) return;
  let ai: AiStored;
  try {
    ai = { ...AI_DEFAULTS, ...JSON.parse(row.content) };
  } catch {
    return;
  }
  if (embeddingModelOf(ai)) await enqueue(trx, EMBED_TOPIC, { id });
}

/**
 * The worker's side: embeds the row's post together with up to BATCH - 1 other posts still queued,
 * in one provider call; their own rows then find their vector current and cost nothing. A failing
 * call leaves the row to the outbox's retries. When a batch is refused for what it holds (an HTTP
 * error, a malformed reply) rather than because the provider is away, the row's own post is tried
 * alone, so one post the provider cannot take does not hold back the others.
 */
export function registerEmbeddingWork(runtime: Runtime): void {
  runtime.outbox.on(EMBED_TOPIC, async ({ id }: { id: string }) => {
    const setup = await embeddingSetup(runtime);
    if (!setup) return;
    const queued = await pendingPayloads(runtime.database, EMBED_TOPIC, BATCH);
    const others = queued.map((p) => String((p as { id?: unknown }).id ?? '')).filter((other) => other && other !== id);
    const batch = [id, ...new Set(others)].slice(0, BATCH);
    let done;
    try {
      done = await embedPosts(runtime, setup, batch, TIMEOUT_MS);
    } catch (error) {
      const contentRefused = error instanceof EmbeddingFailure && (error.reason === 'http_error' || error.reason === 'malformed');
      if (batch.length === 1 || !contentRefused) throw error;
      done = await embedPosts(runtime, setup, [id], TIMEOUT_MS);
    }
    // Cached search pages were made without these vectors.
    if (done.embedded) await changedQuestionLists(runtime);
  });
}
