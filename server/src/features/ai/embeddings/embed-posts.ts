import type { Runtime } from '../../../runtime.js';
import { budgetLeft, spendTokens } from '../usage.js';
import { embedTexts } from './client.js';
import type { EmbeddingSetup } from './setup.js';
import { contentHash, postTexts, saveEmbeddings, storedStates } from './store.js';
import { encodeVector } from './vector-codec.js';
import { noteEmbeddings } from './vector-index.js';

/** Texts per provider call: OpenAI takes 2,048, Ollama and vLLM are happier with a few dozen. */
export const BATCH = 32;

export interface EmbedOutcome {
  /** Posts sent to the provider and stored. */
  embedded: number;
  /** Posts whose stored vector was made by this model from the same text: not sent again. */
  unchanged: number;
  tokens: number;
  /** The month's token budget ran out before every post was done. */
  outOfBudget: boolean;
}

/**
 * Embeds the posts among `ids` whose text changed since their vector was made (or that have none,
 * or one of another model), BATCH at a time, and stores the vectors. The tokens each call used count
 * against the site's monthly budget; when it is spent, the rest waits (`answer ai reindex` next
 * month or after raising it). Throws EmbeddingFailure when a call fails: what was stored stays.
 */
export async function embedPosts(runtime: Runtime, setup: EmbeddingSetup, ids: string[], timeoutMs: number): Promise<EmbedOutcome> {
  const db = runtime.database;
  const outcome: EmbedOutcome = { embedded: 0, unchanged: 0, tokens: 0, outOfBudget: false };
  const [texts, states] = await Promise.all([postTexts(db, ids), storedStates(db, ids)]);
  const todo: { id: string; text: string; hash: string }[] = [];
  for (const [id, text] of texts) {
    if (!text) continue;
    const hash = contentHash(text);
    const stored = states.get(id);
    if (stored?.model === setup.model && stored.hash === hash) outcome.unchanged++;
    else todo.push({ id, text, hash });
  }
  for (let i = 0; i < todo.length; i += BATCH) {
    if (!(await budgetLeft(runtime))) {
      outcome.outOfBudget = true;
      break;
    }
    const batch = todo.slice(i, i + BATCH);
    const { vectors, tokens } = await embedTexts(setup, batch.map((p) => p.text), timeoutMs);
    await spendTokens(runtime, tokens);
    const rows = batch.map((p, n) => ({ id: p.id, hash: p.hash, vector: vectors[n]! }));
    const t = await saveEmbeddings(db, setup.model, rows);
    noteEmbeddings(runtime, setup.model, rows.map((r) => ({ id: r.id, dims: r.vector.length, vector: encodeVector(r.vector) })), t);
    outcome.embedded += batch.length;
    outcome.tokens += tokens;
  }
  return outcome;
}
