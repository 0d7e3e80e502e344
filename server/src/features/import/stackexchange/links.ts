import { count } from '../report.js';
import { type ImportContext, int, NOTHING, type Write } from './context.js';
import { writeCloseReasons } from './history.js';
import type { DumpRow } from './xml-rows.js';

const DUPLICATE = 3;

/**
 * PostLinks.xml: a duplicate link (LinkTypeId 3) on a closed question makes its close reason
 * "duplicate of <the original>", which the question banner links to. Plain links (1) need nothing:
 * they are already links in the posts' text.
 */
export function importLinks(ctx: ImportContext, rows: DumpRow[]): Write {
  const closes = new Map<number, { close_type: number; close_msg: string }>();
  for (const row of rows) {
    if (int(row.attrs.LinkTypeId) !== DUPLICATE) continue;
    const post = int(row.attrs.PostId);
    const original = int(row.attrs.RelatedPostId);
    if (post === null || original === null || !ctx.closed.has(post) || !ctx.questions.has(original)) continue;
    closes.set(post, { close_type: ctx.closeReasons.duplicate, close_msg: ctx.questionUrl(ctx.ids.question(original)) });
  }
  count(ctx.report, 'duplicate links', closes.size);
  if (ctx.dryRun || !closes.size) return NOTHING;
  return (trx) => writeCloseReasons(ctx, trx, closes);
}
