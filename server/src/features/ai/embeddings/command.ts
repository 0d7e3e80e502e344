import type { DataPaths } from '../../../config/paths.js';
import { createProgress } from '../../../core/progress.js';
import { Runtime } from '../../../runtime.js';
import { EmbeddingFailure } from './client.js';
import { reindexEmbeddings } from './reindex.js';

const USAGE = 'Usage: answer ai reindex [-C <data path>]';

/** `answer ai reindex` (docs/ai.md, "Semantic search"). */
export async function aiCommand(paths: DataPaths, args: string[]): Promise<number> {
  if (args[0] !== 'reindex') {
    console.error(USAGE);
    return 1;
  }
  const runtime = new Runtime(paths);
  await runtime.open();
  if (!runtime.installed) {
    console.error(`No installed site at ${paths.root}: install first (npx answer run -C ${paths.root}).`);
    return 1;
  }
  const progress = createProgress();
  const started = Date.now();
  try {
    const report = await reindexEmbeddings(runtime, progress);
    if (!report) {
      console.error('Semantic search is off, or the chosen AI provider has no embedding model: nothing to do (Admin → AI).');
      return 1;
    }
    console.log(
      `Embedded ${report.embedded} of ${report.posts} posts (${report.unchanged} already current, ${report.tokens} tokens) ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; removed ${report.removed} embeddings of posts that no longer exist.`,
    );
    if (report.outOfBudget) {
      console.error("The month's AI token budget is spent: the remaining posts were left. Raise the budget in Admin → AI, or run this again next month.");
      return 1;
    }
    return 0;
  } catch (error) {
    progress.finish();
    if (!(error instanceof EmbeddingFailure)) throw error;
    console.error(`${error.message}. What was embedded is kept: run "answer ai reindex" again to go on from there.`);
    return 1;
  } finally {
    await runtime.close();
  }
}
