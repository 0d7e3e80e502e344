import { AppError } from '../../core/errors.js';
import { ensure, type SessionUser } from '../../core/guardian.js';
import { OBJECT_TYPE, objectTypeOf, toLongId } from '../../core/ids.js';
import { loadThresholds } from '../../core/privileges.js';
import { isUniqueViolation } from '../../db/errors.js';
import { dialectOf } from '../../db/migrations/dialect.js';
import type { Runtime } from '../../runtime.js';
import { changedComments, changedQuestionLists } from '../question/list-cache.js';
import { publish } from '../events/publish.js';
import { importedScore } from '../import/post-source.js';
import { lockUsers, record, reverse } from '../reputation/ledger.js';

type Kind = 'question' | 'answer' | 'comment';
type Direction = 1 | -1;

/**
 * Activity types (config ids, domain.md 2.20) and reputation per vote (domain.md 3.1):
 * [voter type, voter rank, author type, author rank] for up and down.
 */
const RULES: Record<Kind, Record<Direction, { voter: [number, number]; author?: [number, number] }>> = {
  question: { 1: { voter: [28, 0], author: [3, 10] }, [-1]: { voter: [27, 0], author: [13, -2] } },
  answer: { 1: { voter: [30, 0], author: [2, 10] }, [-1]: { voter: [12, -1], author: [14, -2] } },
  comment: { 1: { voter: [25, 0] }, [-1]: { voter: [25, 0] } },
};
const ALL_TYPES = (kind: Kind) => Object.values(RULES[kind]).flatMap((r) => [r.voter[0], ...(r.author ? [r.author[0]] : [])]);

const toast = (reason: string, status = 400) => new AppError(status, reason, { err_type: 'toast' });

async function loadTarget(runtime: Runtime, objectId: string) {
  const db = runtime.database;
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    const row = await db.selectFrom('question').select(['user_id', 'status', 'id']).where('id', '=', objectId).executeTakeFirst();
    return row && { kind: 'question' as const, authorId: String(row.user_id), status: Number(row.status), questionId: String(row.id) };
  }
  if (type === OBJECT_TYPE.answer) {
    const row = await db.selectFrom('answer').select(['user_id', 'status', 'question_id']).where('id', '=', objectId).executeTakeFirst();
    return row && { kind: 'answer' as const, authorId: String(row.user_id), status: Number(row.status), questionId: String(row.question_id) };
  }
  if (type === OBJECT_TYPE.comment) {
    const row = await db.selectFrom('comment').select(['user_id', 'status', 'question_id']).where('id', '=', objectId).executeTakeFirst();
    return row && { kind: 'comment' as const, authorId: String(row.user_id), status: Number(row.status), questionId: String(row.question_id) };
  }
  return undefined;
}

export interface VoteResult {
  up_votes: number;
  down_votes: number;
  votes: number;
  vote_status: 'vote_up' | 'vote_down' | '';
}

/**
 * Up/down votes with cancel (domain.md 3.1, 5.7). The vote row, the post's score and both ledgers
 * change in one transaction. The (voter, post) primary key decides races: of concurrent identical
 * votes exactly one inserts; the others fail on the key and change nothing.
 */
export async function vote(runtime: Runtime, user: SessionUser, rawId: string, wanted: Direction, cancel: boolean): Promise<VoteResult> {
  const objectId = toLongId(rawId);
  const target = objectId ? await loadTarget(runtime, objectId) : undefined;
  if (!objectId || !target) throw new AppError(404, 'error.object.not_found');
  if (target.status === 10) throw toast('error.object.already_deleted');
  if (target.authorId === user.id) throw toast('error.object.disallow_vote_your_self');
  // Comments are upvote-only: a downvote counts as an upvote (domain.md 3.1).
  const direction: Direction = target.kind === 'comment' ? 1 : wanted;
  const thresholds = await loadThresholds(runtime);
  if (!cancel) ensure(user, `${target.kind}.${direction === 1 ? 'vote_up' : 'vote_down'}`, thresholds);

  const db = runtime.database;
  try {
    await db.transaction().execute(async (trx) => {
      // Votes on one post take turns, so each recount below sees the votes committed before it.
      let post = trx.selectFrom(target.kind).select('id').where('id', '=', objectId);
      if (dialectOf(trx) !== 'sqlite3') post = post.forUpdate();
      await post.execute();
      await lockUsers(trx, [user.id, target.authorId]);
      const current = await trx.selectFrom('vote').select('direction').where('user_id', '=', user.id).where('object_id', '=', objectId).executeTakeFirst();
      const had = current ? (Number(current.direction) as Direction) : null;
      if (cancel ? had !== direction : had === direction) return; // nothing to change
      if (had !== null) {
        const removed = await trx.deleteFrom('vote').where('user_id', '=', user.id).where('object_id', '=', objectId).where('direction', '=', had).executeTakeFirst();
        if (Number(removed.numDeletedRows) !== 1) throw new RaceLost();
        await reverse(trx, { objectId, triggerUserId: user.id, activityTypes: ALL_TYPES(target.kind) });
      }
      if (!cancel) {
        await trx.insertInto('vote').values({ user_id: user.id, object_id: objectId, direction, created_at: Math.floor(Date.now() / 1000) }).execute();
        const rule = RULES[target.kind][direction];
        await record(trx, { userId: user.id, triggerUserId: user.id, objectId, originalObjectId: target.questionId, activityType: rule.voter[0], rank: rule.voter[1] });
        if (rule.author) {
          await record(trx, { userId: target.authorId, triggerUserId: user.id, objectId, originalObjectId: target.questionId, activityType: rule.author[0], rank: rule.author[1], capped: true });
        }
      }
      // The stored score follows every change, a withdrawn vote included.
      const score = await tally(trx, objectId);
      await trx.updateTable(target.kind).set({ vote_count: target.kind === 'comment' ? score.up : score.up - score.down }).where('id', '=', objectId).execute();
      await publish(trx, {
        kind: 'vote',
        actorId: user.id,
        objectType: target.kind,
        objectId,
        questionId: target.questionId,
        ownerId: target.authorId,
        direction: cancel ? 0 : direction,
        upVotes: score.up,
      });
    });
  } catch (err) {
    // Another request for the same vote won the race: its result stands, this one changes nothing.
    if (!(err instanceof RaceLost) && !isUniqueViolation(err)) throw err;
  }
  // Cached pages show vote counts; a reader who just voted reads the new count with their mark.
  if (target.kind === 'comment') await changedComments(runtime);
  else await changedQuestionLists(runtime);
  return result(runtime, user.id, objectId);
}

class RaceLost extends Error {}

/** Votes on a post; an imported post's score without voters (post_source.base_score) counts as up or down votes. */
async function tally(db: Pick<Runtime['database'], 'selectFrom'>, objectId: string) {
  const [rows, base] = await Promise.all([
    db.selectFrom('vote').select(['direction', (eb) => eb.fn.countAll().as('n')]).where('object_id', '=', objectId).groupBy('direction').execute(),
    importedScore(db, objectId),
  ]);
  const count = (d: number) => Number(rows.find((r) => Number(r.direction) === d)?.n ?? 0);
  return { up: count(1) + Math.max(0, base), down: count(-1) + Math.max(0, -base) };
}

async function result(runtime: Runtime, userId: string, objectId: string): Promise<VoteResult> {
  const db = runtime.database;
  const score = await tally(db, objectId);
  const mine = await db.selectFrom('vote').select('direction').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  const status = mine ? (Number(mine.direction) === 1 ? 'vote_up' : 'vote_down') : '';
  return { up_votes: score.up, down_votes: score.down, votes: score.up - score.down, vote_status: status };
}
