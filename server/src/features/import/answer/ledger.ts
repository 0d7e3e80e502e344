import { ACT } from '../../activity/types.js';
import { count, problem } from '../report.js';
import type { CopyContext, Row, TableCopy } from './copy.js';
import { idOf, intOf, timeOf } from './values.js';
import { insertNew } from '../insert-new.js';

/**
 * Upstream's `activity` table is the reputation ledger and also holds votes, follows, acceptances
 * and the timeline. Its `activity_type` is the id of a `config` row; the ids are the same in a
 * default install of both, but they are matched by the row's key, so a site whose config differs
 * still maps right.
 */
export async function activityTypes(ctx: CopyContext): Promise<Map<number, number>> {
  const theirs = await ctx.source.db.selectFrom('config').select(['id', 'key']).execute();
  const ours = new Map((await ctx.db.selectFrom('config').select(['id', 'key']).execute()).map((r) => [r.key, Number(r.id)]));
  const types = new Map<number, number>();
  for (const row of theirs) {
    const id = ours.get(String(row.key));
    if (id !== undefined) types.set(Number(row.id), id);
  }
  return types;
}

/** Voter-side ledger rows, one per live vote: they fill our `vote` table (the vote feature's source of truth). */
const VOTES = new Map<number, number>([
  [ACT.questionVoteUp, 1],
  [ACT.questionVoteDown, -1],
  [ACT.answerVoteUp, 1],
  [ACT.answerVoteDown, -1],
  [ACT.commentVoteUp, 1],
]);

export function activities(types: Map<number, number>): TableCopy {
  const unknown = new Set<number>();
  return {
    from: 'activity',
    to: 'activity',
    kind: 'activity (reputation, votes, follows)',
    map(r: Row, ctx: CopyContext) {
      const theirs = intOf(r.activity_type);
      const type = types.get(theirs);
      if (type === undefined) {
        // Once per type: a site can have many rows of one type we do not know.
        if (!unknown.has(theirs)) problem(ctx.report, `activity ${idOf(r.id)}: type ${theirs} is no config key of ours; rows of this type are left out.`);
        unknown.add(theirs);
        return null;
      }
      const cancelled = intOf(r.cancelled);
      if (VOTES.has(type) && !cancelled) count(ctx.report, 'votes');
      return {
        id: idOf(r.id),
        created_at: timeOf(r.created_at),
        updated_at: timeOf(r.updated_at),
        cancelled_at: timeOf(r.cancelled_at),
        user_id: idOf(r.user_id),
        trigger_user_id: idOf(r.trigger_user_id),
        object_id: idOf(r.object_id),
        original_object_id: idOf(r.original_object_id),
        activity_type: type,
        cancelled,
        rank: intOf(r.rank),
        has_rank: intOf(r.has_rank),
        revision_id: idOf(r.revision_id),
      };
    },
    async after(trx, written) {
      const votes = written
        .filter((a) => VOTES.has(a.activity_type as number) && a.cancelled === 0)
        .map((a) => ({ user_id: a.user_id, object_id: a.object_id, direction: VOTES.get(a.activity_type as number)!, created_at: a.created_at }));
      await insertNew(trx, 'vote', votes);
    },
  };
}
