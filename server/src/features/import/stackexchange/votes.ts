import { count } from '../report.js';
import { type ImportContext, int, NOTHING, seconds, type Write } from './context.js';
import type { DumpRow } from './xml-rows.js';
import { insertNew } from '../insert-new.js';

const UP = 2;
const DOWN = 3;

/**
 * Votes.xml: public dumps leave out who cast up and down votes, so those votes are already in the
 * posts' scores and nothing more is written. A dump that does name the voter (a private export)
 * gets real vote rows; the posts' imported base score is then lowered by them when the import
 * finishes (finish.ts), so the score stays what the dump said.
 */
export function importVotes(ctx: ImportContext, rows: DumpRow[]): Write {
  const votes: { user_id: string; object_id: string; direction: number; created_at: number }[] = [];
  let anonymous = 0;
  for (const row of rows) {
    const type = int(row.attrs.VoteTypeId);
    if (type !== UP && type !== DOWN) continue;
    const post = int(row.attrs.PostId);
    const voter = int(row.attrs.UserId);
    if (post === null || (!ctx.questions.has(post) && !ctx.answers.has(post))) continue;
    if (voter === null || !ctx.users.has(voter)) {
      anonymous++;
      continue;
    }
    votes.push({
      user_id: ctx.ids.user(voter),
      object_id: ctx.questions.has(post) ? ctx.ids.question(post) : ctx.ids.answer(post),
      direction: type === UP ? 1 : -1,
      created_at: seconds(row.attrs.CreationDate),
    });
  }
  count(ctx.report, 'votes', votes.length);
  count(ctx.report, 'votes without a voter (kept in the scores)', anonymous);
  if (ctx.dryRun || !votes.length) return NOTHING;
  return async (trx) => {
    await insertNew(trx, 'vote', votes);
  };
}
