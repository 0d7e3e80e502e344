import { sql } from 'kysely';
import { type Progress, silentProgress } from '../../../core/progress.js';
import type { Runtime } from '../../../runtime.js';
import { A } from '../../answer/service.js';
import { PUBLIC_QUESTION_STATUSES } from '../../visibility/rules.js';
import { BATCH, embedPosts } from './embed-posts.js';
import { embeddingSetup } from './setup.js';

/** Posts read per step: a bounded read, then BATCH-sized provider calls. */
const PAGE = BATCH * 8;
const TIMEOUT_MS = 60_000;

export interface ReindexReport {
  posts: number;
  embedded: number;
  unchanged: number;
  /** Rows of posts that no longer exist (purged), removed. */
  removed: number;
  tokens: number;
  outOfBudget: boolean;
}

/**
 * `answer ai reindex`: embeds every post search may show (available and closed questions, available
 * answers) whose vector is missing, stale (the text changed) or of another model, in id order, BATCH
 * posts a call. It is resumable by construction: a post already embedded from its current text
 * costs one hash and no call, so after a failure (the provider went away) running it again picks up
 * where it stopped. Run it after switching semantic search on, after changing the embedding model,
 * and after an import. Null when semantic search is off or has no embedding model.
 */
export async function reindexEmbeddings(runtime: Runtime, progress: Progress = silentProgress): Promise<ReindexReport | null> {
  const setup = await embeddingSetup(runtime);
  if (!setup) return null;
  const db = runtime.database;
  const report: ReindexReport = { posts: 0, embedded: 0, unchanged: 0, removed: 0, tokens: 0, outOfBudget: false };
  const kinds = [
    { table: 'question' as const, statuses: PUBLIC_QUESTION_STATUSES },
    { table: 'answer' as const, statuses: [A.available as number] },
  ];
  const counts = await Promise.all(
    kinds.map(async (k) => Number((await db.selectFrom(k.table).select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', k.statuses).executeTakeFirst())?.n ?? 0)),
  );
  progress.stage(`Embedding posts with ${setup.model}`, counts[0]! + counts[1]!);
  for (const k of kinds) {
    let after = '0';
    for (;;) {
      const rows = await db.selectFrom(k.table).select('id').where('status', 'in', k.statuses).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      if (!rows.length) break;
      const ids = rows.map((r) => String(r.id));
      const done = await embedPosts(runtime, setup, ids, TIMEOUT_MS);
      report.posts += ids.length;
      report.embedded += done.embedded;
      report.unchanged += done.unchanged;
      report.tokens += done.tokens;
      progress.tick(ids.length);
      if (done.outOfBudget) {
        report.outOfBudget = true;
        progress.finish();
        return report;
      }
      after = ids[ids.length - 1]!;
    }
  }
  progress.finish();
  const removed = await db
    .deleteFrom('ai_embedding')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('question').select(sql`1`.as('one')).whereRef('question.id', '=', 'ai_embedding.object_id'))),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('answer').select(sql`1`.as('one')).whereRef('answer.id', '=', 'ai_embedding.object_id'))))
    .executeTakeFirst();
  report.removed = Number(removed.numDeletedRows);
  return report;
}
